import type { ChatSqlStore, MessageDTO } from "../../modules/support-chat/chat-sql-store"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import { errorResponse, type VisitorRequest, type VisitorResponse } from "../visitor/http"
import { StorePollMessages } from "../visitor/validators"
import { noCookie, parse, SEEN_REFRESH_SECONDS, visitorHashOf, type PollSource } from "../visitor/visitor-api"
import type { ChatMessageFeed } from "./message-feed"
import type { StreamSlots } from "./stream-slots"

export type PushSettings = { maxStreamsPerIp: number; heartbeatMs: number }

const DEFAULT_MAX_STREAMS_PER_IP = 20
const DEFAULT_HEARTBEAT_SECONDS = 15
// What a browser's EventSource waits before reconnecting after a drop.
const RECONNECT_MS = 3000
// A client asked to come back later when it holds too many streams; polling still works.
const STREAM_RETRY_AFTER_SECONDS = 30

export function pushSettings(options: SupportChatOptions): PushSettings {
  const max = options.push?.maxStreamsPerIp
  const heartbeat = options.push?.heartbeatSeconds
  return {
    maxStreamsPerIp: typeof max === "number" && max >= 0 ? Math.floor(max) : DEFAULT_MAX_STREAMS_PER_IP,
    heartbeatMs: (typeof heartbeat === "number" && heartbeat > 0 ? heartbeat : DEFAULT_HEARTBEAT_SECONDS) * 1000,
  }
}

/** Where a stream writes: an SSE response of either lane (sse-response.ts). */
export type SseSink = {
  write(chunk: string): void
  end(): void
  onClose(handler: () => void): void
}

/** A stream ready to start: the transport sends `headers` with 200, then hands its sink to `open`. */
export type OpenStream = { status: 200; headers: Record<string, string>; open: (sink: SseSink) => void }
export type StreamAnswer = VisitorResponse | OpenStream

export const isOpenStream = (answer: StreamAnswer): answer is OpenStream => "open" in answer

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  // Reverse proxies (nginx) would otherwise buffer the events.
  "X-Accel-Buffering": "no",
}

/** Reads the messages of one conversation newer than an id, oldest first. */
export type MessageSource = { messagesSince(conversationId: number, sinceId: number): Promise<MessageDTO[]> }

export type StreamDeps = {
  feed: ChatMessageFeed
  messages: MessageSource
  slots: StreamSlots
  settings: PushSettings
  warn: (message: string) => void
}

export const messageEvent = (message: MessageDTO) => `id: ${message.message_id}\ndata: ${JSON.stringify(message)}\n\n`

const tooManyStreams = () =>
  errorResponse(429, "too_many_requests", "Too many open streams from this address; close one or poll instead.", {
    "Retry-After": String(STREAM_RETRY_AFTER_SECONDS),
  })

/**
 * Where a stream starts: after `Last-Event-ID` (a browser's reconnect) when sent, else after
 * `since_id` from the query, as `/poll` reads it.
 */
function resumePoint(query: unknown, lastEventId: string | undefined): { sinceId: number } | { error: VisitorResponse } {
  if (lastEventId !== undefined && lastEventId !== "") {
    if (!/^\d{1,15}$/.test(lastEventId)) {
      return { error: errorResponse(400, "invalid_data", "Invalid Last-Event-ID: expected a message id") }
    }
    return { sinceId: Number(lastEventId) }
  }
  const input = parse(StorePollMessages, query)
  return "error" in input ? input : { sinceId: input.data.since_id }
}

type RunOptions = {
  conversationId: number
  sinceId: number
  /** Called at open and every `SEEN_REFRESH_SECONDS` while the stream is open. */
  onPresence?: () => Promise<void>
  onClose: () => void
}

/**
 * Sends every message of the conversation with an id above `sinceId`, once and in id order:
 * first what is stored, then each one as its commit notice arrives. It watches before it
 * reads, and each read asks for everything above the last id sent, so neither a notice that
 * raced the first read nor a lost LISTEN connection (a resync re-reads) leaves a gap.
 */
function runMessageStream(sink: SseSink, deps: StreamDeps, options: RunOptions) {
  let lastSent = options.sinceId
  let reading = false
  let readAgain = false
  let closed = false

  const read = async () => {
    if (closed) return
    if (reading) {
      readAgain = true
      return
    }
    reading = true
    try {
      do {
        readAgain = false
        const messages = await deps.messages.messagesSince(options.conversationId, lastSent)
        for (const message of messages) {
          if (closed) return
          sink.write(messageEvent(message))
          lastSent = message.message_id
        }
      } while (readAgain && !closed)
    } catch (error) {
      // The client reconnects with Last-Event-ID and misses nothing.
      deps.warn(`launchdesk: stream of conversation ${options.conversationId} ended: ${describe(error)}`)
      sink.end()
    } finally {
      reading = false
    }
  }

  const unwatch = deps.feed.watch(options.conversationId, {
    onNotice: (messageId) => {
      if (messageId > lastSent) void read()
    },
    onResync: () => void read(),
  })
  const heartbeat = setInterval(() => sink.write(": keep-alive\n\n"), deps.settings.heartbeatMs)
  const presence = options.onPresence
  const seenTimer = presence
    ? setInterval(() => presence().catch((error) => deps.warn(`launchdesk: last_seen_at not refreshed: ${describe(error)}`)), SEEN_REFRESH_SECONDS * 1000)
    : null
  sink.onClose(() => {
    closed = true
    unwatch()
    clearInterval(heartbeat)
    if (seenTimer) clearInterval(seenTimer)
    options.onClose()
  })

  sink.write(`retry: ${RECONNECT_MS}\n\n`)
  void presence?.().catch((error) => deps.warn(`launchdesk: last_seen_at not refreshed: ${describe(error)}`))
  void read()
}

export type VisitorStreamDeps = StreamDeps & {
  store: ChatSqlStore
  /** Keeps `last_seen_at` fresh while the stream is open: a visitor holding one is present. */
  seen: PollSource
}

/**
 * `GET /store/app/v1/stream`: the visitor's conversation as Server-Sent Events, `id:` being
 * the message id. 403 without a cookie, as `/poll`; 429 when the client's IP holds too many
 * streams on this process.
 */
export async function openVisitorStream(
  deps: VisitorStreamDeps,
  req: VisitorRequest & { lastEventId?: string }
): Promise<StreamAnswer> {
  const hash = visitorHashOf(req)
  if (!hash) return noCookie()
  const resume = resumePoint(req.query, req.lastEventId)
  if ("error" in resume) return resume.error
  if (!deps.slots.acquire(req.ip)) return tooManyStreams()

  const release = () => deps.slots.release(req.ip)
  let conversation: Awaited<ReturnType<ChatSqlStore["findConversationByVisitor"]>>
  try {
    conversation = await deps.store.findConversationByVisitor(hash)
  } catch (error) {
    release()
    throw error
  }
  if (!conversation) {
    release()
    return noCookie()
  }
  const conversationId = conversation.conversation_id
  return {
    status: 200,
    headers: SSE_HEADERS,
    open: (sink) =>
      runMessageStream(sink, deps, {
        conversationId,
        sinceId: resume.sinceId,
        onPresence: () => deps.seen.touchVisitorSeen(conversationId, SEEN_REFRESH_SECONDS),
        onClose: release,
      }),
  }
}

export type AdminStreamDeps = StreamDeps & {
  conversationExists: (conversationId: number) => Promise<boolean>
}

/** The inbox's stream of one conversation (`GET /admin/app/v1/conversation/:id/stream`). */
export async function openConversationStream(
  deps: AdminStreamDeps,
  req: { conversationId: number; query: unknown; lastEventId?: string; ip?: string }
): Promise<StreamAnswer> {
  const resume = resumePoint(req.query, req.lastEventId)
  if ("error" in resume) return resume.error
  if (!(await deps.conversationExists(req.conversationId))) {
    return errorResponse(404, "not_found", `Conversation ${req.conversationId} was not found`)
  }
  if (!deps.slots.acquire(req.ip)) return tooManyStreams()
  return {
    status: 200,
    headers: SSE_HEADERS,
    open: (sink) =>
      runMessageStream(sink, deps, {
        conversationId: req.conversationId,
        sinceId: resume.sinceId,
        onClose: () => deps.slots.release(req.ip),
      }),
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
