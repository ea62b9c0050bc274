import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { streamedMessage } from "../../shared/browser-safe/chat-message"
import { readEventStream } from "../../shared/browser-safe/event-stream"
import { STREAM_IDLE_TIMEOUT_MS, StreamReconnect } from "../../shared/browser-safe/stream-reconnect"
import { CHAT_API, chatKeys } from "./chat-keys"
import { lastMessageId, mergeMessages } from "./conversation-pages"
import type { ConversationDetail } from "./types"

const MAX_STREAM_RETRY_MS = 60_000
// Streams the host's API answers with "no": a 404 (unknown conversation, or a server without
// the route), a lost session (the dashboard itself sends the user to the login).
const FINAL_STREAM_REFUSALS = [401, 403, 404, 405, 501]
const BACKEND_URL = (import.meta.env.VITE_BACKEND_URL || "").replace(/\/+$/, "")

/**
 * Keeps the conversation's stream open once its messages are loaded: each event is merged
 * into the React Query cache, and the conversation (status, assignee) and the list are
 * re-read. It resumes after the newest message held (`Last-Event-ID`) and reconnects with
 * backoff; a final refusal (404, lost session) leaves the pane to polling.
 */
export function useConversationStream(
  id: number | undefined,
  loaded: boolean,
  setStreaming: (live: boolean) => void,
  setVisitorTyping: (typing: boolean) => void
) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (id === undefined || !loaded) return
    const key = chatKeys.conversation(id)
    const stop = new AbortController()
    const policy = new StreamReconnect({ maxDelayMs: MAX_STREAM_RETRY_MS, finalStatuses: FINAL_STREAM_REFUSALS })
    let reconnect: ReturnType<typeof setTimeout> | undefined

    const connect = async () => {
      const sinceId = lastMessageId(queryClient.getQueryData<ConversationDetail>(key))
      policy.attempt()
      const end = await readEventStream({
        url: `${BACKEND_URL}${CHAT_API}/conversation/${id}/stream?since_id=${sinceId}`,
        lastEventId: sinceId > 0 ? String(sinceId) : undefined,
        signal: stop.signal,
        idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
        onOpen: () => {
          policy.opened()
          setStreaming(true)
        },
        onRetry: (ms) => policy.serverRetry(ms),
        onEvent: (event) => {
          if (event.event === "typing" || event.event === "read") {
            presence(event.event, event.data)
            return
          }
          const message = streamedMessage(event)
          if (!message) return
          // The shopper's message is what they were typing.
          if (message.sender === "visitor") setVisitorTyping(false)
          queryClient.setQueryData<ConversationDetail>(key, (data) =>
            data ? { ...data, messages: mergeMessages(data.messages, [message]) } : data
          )
          // A message changes the status and the list's preview: re-read both (one request at a time).
          void queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false })
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }, { cancelRefetch: false })
        },
      })
      setStreaming(false)
      if (stop.signal.aborted) return
      const decision = policy.ended(end)
      if (decision.kind === "reconnect") reconnect = setTimeout(() => void connect(), decision.delayMs)
    }

    // The shopper typing, or the newest message they read (events without an id, never stored).
    const presence = (kind: "typing" | "read", data: string) => {
      let signal: { typing?: unknown; read_up_to?: unknown }
      try {
        signal = JSON.parse(data)
      } catch {
        return
      }
      if (kind === "typing") setVisitorTyping(signal.typing === true)
      const readUpTo = signal.read_up_to
      if (typeof readUpTo === "number") {
        queryClient.setQueryData<ConversationDetail>(key, (detail) =>
          detail && readUpTo > (detail.visitor_read_up_to ?? 0) ? { ...detail, visitor_read_up_to: readUpTo } : detail
        )
      }
    }

    void connect()
    return () => {
      stop.abort()
      clearTimeout(reconnect)
      setStreaming(false)
    }
  }, [id, loaded, queryClient, setStreaming, setVisitorTyping])
}
