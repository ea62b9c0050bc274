import type { ConversationRepository, MessageDTO, MessagePage } from "../../modules/support-chat/sql/conversation-repository"
import type { ReadMarksRepository } from "../../modules/support-chat/sql/read-marks-repository"
import type { PushSettings } from "../../modules/support-chat/runtime/push-settings"
import { invalid, notFound, parseInput, rateLimited, type Refusal } from "../../shared/outcome"
import type { VisitorRequest } from "../visitor/http"
import { StorePollMessages } from "../visitor/validators"
import { sinceId } from "../../shared/input-schema"
import {
  admitVisitor,
  noCookie,
  otherCustomer,
  SEEN_REFRESH_SECONDS,
  visitorHashOf,
  type VisitorDeps,
} from "../visitor/visitor-api"
import type { ChatSide, ChatSignal, ChatSignals } from "../../modules/support-chat/runtime/chat-signals"
import type { ChatMessageFeed } from "../../modules/support-chat/runtime/message-feed"
import type { PollCache, PollSource } from "../../modules/support-chat/runtime/poll-cache"
import { StreamScope } from "../../modules/support-chat/runtime/stream-scope"
import type { SlotRefusal, StreamSlots } from "../../modules/support-chat/runtime/stream-slots"

// What a browser's EventSource waits before reconnecting after a drop.
const RECONNECT_MS = 3000
// A client asked to come back later when it holds too many streams; polling still works.
const STREAM_RETRY_AFTER_SECONDS = 30

/** Where a stream writes: an SSE response of either lane (sse-response.ts). */
export type SseSink = {
  write(chunk: string): void
  end(): void
  /** False once the response is closed or ended, whether or not its close was seen. */
  alive(): boolean
}

/** A stream ready to start: the transport sends `headers` with 200, then hands its sink to `open`. */
export type OpenStream = { status: 200; headers: Record<string, string>; open: (sink: SseSink) => void }
export type StreamAnswer = Refusal | OpenStream

export const isOpenStream = (answer: StreamAnswer): answer is OpenStream => "open" in answer

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  // Reverse proxies (nginx) would otherwise buffer the events.
  "X-Accel-Buffering": "no",
}

/** Reads one page (at most 200) of a conversation's messages newer than an id, oldest first. */
export type MessageSource = { messagesSince(conversationId: number, sinceId: number): Promise<MessagePage> }

export type StreamDeps = {
  feed: Pick<ChatMessageFeed, "watch">
  signals: Pick<ChatSignals, "watch">
  messages: MessageSource
  /** The stored read marks: a signal sent while no LISTEN connection was up is caught up from here. */
  readMarks: Pick<ReadMarksRepository, "marksOf">
  slots: StreamSlots
  settings: PushSettings
  warn: (message: string) => void
}

export const messageEvent = (message: MessageDTO) => `id: ${message.message_id}\ndata: ${JSON.stringify(message)}\n\n`

/**
 * A typing or read signal as a named event, without `id:`: a browser's `Last-Event-ID` stays
 * the last message's, so a reconnect resumes the messages only.
 */
export function signalEvent(signal: ChatSignal): string {
  const data = signal.kind === "typing" ? { typing: signal.typing } : { read_up_to: signal.read_up_to }
  return `event: ${signal.kind}\ndata: ${JSON.stringify(data)}\n\n`
}

const TOO_MANY_STREAMS: Record<SlotRefusal, string> = {
  client_full: "Too many open streams from this address; close one or poll instead.",
  process_full: "This server holds as many streams as it can; poll instead or try again later.",
}

const tooManyStreams = (refusal: SlotRefusal) =>
  rateLimited(TOO_MANY_STREAMS[refusal], STREAM_RETRY_AFTER_SECONDS)

/**
 * Where a stream starts: after `Last-Event-ID` (a browser's reconnect) when sent, else after
 * `since_id` from the query, as `/poll` reads it.
 */
function resumePoint(query: unknown, lastEventId: string | undefined): { sinceId: number } | { refusal: Refusal } {
  if (lastEventId !== undefined && lastEventId !== "") {
    const resumeId = sinceId().safeParse(lastEventId)
    if (!resumeId.success) {
      return { refusal: invalid("Invalid Last-Event-ID: expected a message id") }
    }
    return { sinceId: resumeId.data }
  }
  const input = parseInput(StorePollMessages, query)
  return "refusal" in input ? input : { sinceId: input.data.since_id }
}

type RunOptions = {
  conversationId: number
  sinceId: number
  /** Called at open (`opening` true) and every `SEEN_REFRESH_SECONDS` while the stream is open. */
  onPresence?: (opening: boolean) => Promise<void>
  /** Whose typing and read signals the client sees: the other side's. */
  signalsOf: ChatSide
}

/**
 * Sends every message of the conversation with an id above `sinceId`, once and in id order:
 * first what is stored, then each one as its commit notice arrives. It watches before it
 * reads, and each read asks for everything above the last id sent, so neither a notice that
 * raced the first read nor a lost LISTEN connection (a resync re-reads) leaves a gap.
 * Everything it takes belongs to `scope`, which the client's leaving closes.
 */
function runMessageStream(sink: SseSink, deps: StreamDeps, scope: StreamScope, options: RunOptions) {
  scope.defer(() => sink.end())
  // The client left before the stream started: nothing more to take.
  if (scope.closed) return
  let lastSent = options.sinceId
  let reading = false
  let readAgain = false

  const read = async () => {
    if (scope.closed) return
    if (reading) {
      readAgain = true
      return
    }
    reading = true
    try {
      // Page by page (bounded reads) until the last page, and again when a notice came meanwhile.
      let more = false
      do {
        readAgain = false
        const page = await deps.messages.messagesSince(options.conversationId, lastSent)
        for (const message of page.messages) {
          if (scope.closed) return
          sink.write(messageEvent(message))
          lastSent = message.message_id
        }
        more = page.has_more && page.messages.length > 0
      } while ((more || readAgain) && !scope.closed)
    } catch (error) {
      // The client reconnects with Last-Event-ID and misses nothing.
      deps.warn(`launchdesk: stream of conversation ${options.conversationId} ended: ${describe(error)}`)
      scope.close()
    } finally {
      reading = false
    }
  }
  const presence = options.onPresence
  const refreshPresence = (opening = false) => {
    if (scope.closed || !presence) return
    presence(opening).catch((error) => deps.warn(`launchdesk: last_seen_at not refreshed: ${describe(error)}`))
  }
  // Each tick checks the response first: a stream whose close went unnoticed ends at its next
  // tick, so no timer (and no presence refresh keeping a gone visitor "online") outlives it.
  const every = (ms: number, tick: () => void) => {
    const timer = setInterval(() => (sink.alive() ? tick() : scope.close()), ms)
    timer.unref()
    scope.defer(() => clearInterval(timer))
  }

  // Read marks only move forward: each is sent once, whether it came as a signal or was read.
  let markSent = 0
  const sendMark = (readUpTo: number) => {
    if (readUpTo <= markSent || scope.closed) return
    markSent = readUpTo
    sink.write(signalEvent({ conversation_id: options.conversationId, side: options.signalsOf, kind: "read", read_up_to: readUpTo }))
  }
  // Signals have no history: at open and after a lost LISTEN connection the stored mark is read.
  const readMark = async () => {
    try {
      const marks = await deps.readMarks.marksOf(options.conversationId)
      const readUpTo = marks?.[options.signalsOf]
      if (readUpTo) sendMark(readUpTo)
    } catch (error) {
      deps.warn(`launchdesk: read mark of conversation ${options.conversationId} not read: ${describe(error)}`)
    }
  }

  scope.defer(
    deps.feed.watch(options.conversationId, {
      onNotice: (messageId) => {
        if (messageId > lastSent) void read()
      },
      onResync: () => {
        void read()
        void readMark()
      },
    })
  )
  scope.defer(
    deps.signals.watch(options.conversationId, (signal) => {
      if (signal.side !== options.signalsOf || scope.closed) return
      if (signal.kind === "read") sendMark(signal.read_up_to)
      else sink.write(signalEvent(signal))
    })
  )
  every(deps.settings.heartbeatMs, () => sink.write(": keep-alive\n\n"))
  if (presence) every(SEEN_REFRESH_SECONDS * 1000, refreshPresence)

  sink.write(`retry: ${RECONNECT_MS}\n\n`)
  refreshPresence(true)
  void read()
  void readMark()
}

/**
 * Opens a stream inside a scope bound to the client's `signal`: the slot is taken first and
 * belongs to the scope, and the scope closes on every path that does not hand a stream to the
 * transport (a refusal, an error, a 403/404), while a handed-over stream's scope closes with
 * the response. The caller makes `signal` before its own first await, so a client leaving at
 * any await still lets go of everything, exactly once.
 */
async function openWithin(
  signal: AbortSignal,
  slots: StreamSlots,
  ip: string | undefined,
  prepare: (scope: StreamScope) => Promise<Refusal | ((sink: SseSink) => void)>
): Promise<StreamAnswer> {
  const scope = new StreamScope(signal)
  let handedOver = false
  try {
    const refusal = slots.acquire(ip, scope)
    if (refusal) return tooManyStreams(refusal)
    const prepared = await prepare(scope)
    if (typeof prepared !== "function") return prepared
    handedOver = true
    return { status: 200, headers: SSE_HEADERS, open: prepared }
  } finally {
    if (!handedOver) scope.close()
  }
}

export type VisitorStreamDeps = StreamDeps & {
  store: Pick<ConversationRepository, "findConversationByVisitor" | "linkCustomer">
  onCustomerLinked?: VisitorDeps["onCustomerLinked"]
  /**
   * Keeps `last_seen_at` fresh while the stream is open: a visitor holding one is present.
   * With `touchVisitorSeenSoon` (the poll cache's), the periodic refreshes of all open
   * streams are stored together rather than one UPDATE per stream.
   */
  seen: Pick<PollSource, "touchVisitorSeen"> & Partial<Pick<PollCache, "touchVisitorSeenSoon">>
}

/**
 * `GET /store/app/v1/stream`: the visitor's conversation as Server-Sent Events, `id:` being
 * the message id. 403 without a cookie, as `/poll`; 429 when the client's IP, or the process,
 * holds too many streams. `signal` aborts when the client's response closes.
 */
export async function openVisitorStream(
  deps: VisitorStreamDeps,
  req: VisitorRequest & { lastEventId?: string },
  signal: AbortSignal
): Promise<StreamAnswer> {
  const hash = visitorHashOf(req)
  if (!hash) return noCookie()
  const resume = resumePoint(req.query, req.lastEventId)
  if ("refusal" in resume) return resume.refusal
  return openWithin(signal, deps.slots, req.ip, async (scope) => {
    const conversation = await deps.store.findConversationByVisitor(hash)
    if (!conversation) return noCookie()
    if (!(await admitVisitor(deps, req, conversation, hash))) return otherCustomer()
    const conversationId = conversation.conversation_id
    return (sink) =>
      runMessageStream(sink, deps, scope, {
        conversationId,
        sinceId: resume.sinceId,
        signalsOf: "staff",
        onPresence: (opening) =>
          opening || !deps.seen.touchVisitorSeenSoon
            ? deps.seen.touchVisitorSeen(conversationId, SEEN_REFRESH_SECONDS)
            : deps.seen.touchVisitorSeenSoon(conversationId, SEEN_REFRESH_SECONDS),
      })
  })
}

export type AdminStreamDeps = StreamDeps & {
  conversationExists: (conversationId: number) => Promise<boolean>
}

/** The inbox's stream of one conversation (`GET /admin/app/v1/conversation/:id/stream`). */
export async function openConversationStream(
  deps: AdminStreamDeps,
  req: { conversationId: number; query: unknown; lastEventId?: string; ip?: string },
  signal: AbortSignal
): Promise<StreamAnswer> {
  const resume = resumePoint(req.query, req.lastEventId)
  if ("refusal" in resume) return resume.refusal
  return openWithin(signal, deps.slots, req.ip, async (scope) => {
    if (!(await deps.conversationExists(req.conversationId))) {
      return notFound(`Conversation ${req.conversationId} was not found`)
    }
    return (sink) =>
      runMessageStream(sink, deps, scope, { conversationId: req.conversationId, sinceId: resume.sinceId, signalsOf: "visitor" })
  })
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
