import { useCallback, useEffect, useRef, useState } from "react"
import { CHAT_API } from "./chat-keys"
import { sdk } from "./sdk"
import type { ChatMessage } from "./types"

// A typing notice holds this long on the server; one is sent at most this often while typing.
const TYPING_HOLDS_MS = 6000
const TYPING_EVERY_MS = 3000

/** Whether the shopper is typing: set by the stream's events, dropped when they stop holding. */
export function useVisitorTyping(): [boolean, (typing: boolean) => void] {
  const [typing, setTyping] = useState(false)
  const expiry = useRef<ReturnType<typeof setTimeout>>()
  const set = useCallback((next: boolean) => {
    clearTimeout(expiry.current)
    // A closed widget sends no "stopped": the notice lapses as the server's does.
    if (next) expiry.current = setTimeout(() => setTyping(false), TYPING_HOLDS_MS)
    setTyping(next)
  }, [])
  useEffect(() => () => clearTimeout(expiry.current), [])
  return [typing, set]
}

/** Tells the shopper the agent is typing, at most every few seconds; a lost notice is no loss. */
export function useTypingNotice(conversationId: number): () => void {
  const sentAt = useRef(0)
  return useCallback(() => {
    const now = Date.now()
    if (now - sentAt.current < TYPING_EVERY_MS) return
    sentAt.current = now
    sdk.client.fetch(`${CHAT_API}/conversation/${conversationId}/typing`, { method: "POST", body: {} }).catch(() => undefined)
  }, [conversationId])
}

/** Marks the shopper's messages read once the pane shows them in a visible tab. */
export function useMarkRead(conversationId: number, messages: ChatMessage[]) {
  const marked = useRef(0)
  const newestVisitorId = messages.reduce((newest, message) => (message.sender === "visitor" ? message.message_id : newest), 0)
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== "visible" || newestVisitorId <= marked.current) return
      marked.current = newestVisitorId
      sdk.client
        .fetch(`${CHAT_API}/conversation/${conversationId}/read`, { method: "POST", body: { message_id: newestVisitorId } })
        .catch(() => {
          marked.current = 0
        })
    }
    mark()
    document.addEventListener("visibilitychange", mark)
    return () => document.removeEventListener("visibilitychange", mark)
  }, [conversationId, newestVisitorId])
}
