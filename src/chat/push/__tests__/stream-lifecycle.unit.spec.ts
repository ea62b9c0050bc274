import type { MessageDTO } from "../../../modules/support-chat/sql/conversation-repository"
import {
  isOpenStream,
  openConversationStream,
  openVisitorStream,
  type AdminStreamDeps,
  type SseSink,
  type StreamAnswer,
  type VisitorStreamDeps,
} from "../stream"
import type { ChatSide, ChatSignal } from "../../../modules/support-chat/runtime/chat-signals"
import { OpenStreams, StreamSlots } from "../../../modules/support-chat/runtime/stream-slots"
import { httpAnswer } from "../../../shared/send-outcome"

// Every await on the way to an open stream, and while it starts. `start` is the transport's
// own awaits before the operation runs (Medusa resolves its deps, the fast lane checks the key).
const VISITOR_POINTS = ["start", "find", "presence", "read"] as const
const ADMIN_POINTS = ["start", "exists", "read"] as const
type Point = (typeof VISITOR_POINTS)[number] | (typeof ADMIN_POINTS)[number]

const HASH = "a".repeat(43)
const IP = "203.0.113.7"
const HEARTBEAT_MS = 1000
const MESSAGE: MessageDTO = {
  message_id: 5,
  conversation_id: 7,
  sender: "visitor",
  author_name: null,
  message: "hi",
  page_url: null,
  created_at: new Date(0),
  attachments: [],
}

/** A response as the transport gives it: `end()` closes it, and closing aborts its signal. */
type FakeSink = SseSink & { writes: string[]; ended: boolean; lost: boolean }

/** A process's stream machinery over fakes that can stop at, abort at or fail at one await. */
function harness({ maxPerIp = 3, maxTotal = 100 } = {}) {
  const all = new OpenStreams(maxTotal)
  const visitorSlots = new StreamSlots(maxPerIp, all)
  const adminSlots = new StreamSlots(maxPerIp, all)
  const state = { watchers: 0, touches: 0, reads: 0 }
  // The stored read marks, and the last stream's resync and signal handlers, for the read-mark cases.
  const marks: Record<ChatSide, number | null> = { visitor: null, staff: null }
  const heard: { resync?: () => void; signal?: (signal: ChatSignal) => void } = {}
  let hook: (point: Point) => void = () => undefined
  const reach = async (point: Point) => {
    await Promise.resolve()
    hook(point)
  }
  const common = {
    messages: {
      messagesSince: async (_id: number, sinceId: number) => {
        state.reads++
        await reach("read")
        return { messages: sinceId < MESSAGE.message_id ? [MESSAGE] : [], has_more: false }
      },
    },
    readMarks: { marksOf: async () => ({ ...marks }) },
    feed: {
      watch: (_id: number, { onResync }: { onResync: () => void }) => {
        heard.resync = onResync
        state.watchers++
        return () => void state.watchers--
      },
    },
    // Counted with the feed's: a stream's signal watcher must go with it too.
    signals: {
      watch: (_id: number, handler: (signal: ChatSignal) => void) => {
        heard.signal = handler
        state.watchers++
        return () => void state.watchers--
      },
    },
    settings: { maxStreamsPerIp: maxPerIp, maxStreams: maxTotal, heartbeatMs: HEARTBEAT_MS },
    warn: () => undefined,
  }
  const visitorDeps: VisitorStreamDeps = {
    ...common,
    slots: visitorSlots,
    store: {
      findConversationByVisitor: async () => {
        await reach("find")
        return { conversation_id: 7, visitor_hash: HASH, status: "open", email: null, customer_id: null, staff_read_up_to: null }
      },
    },
    seen: {
      touchVisitorSeen: async () => {
        await reach("presence")
        state.touches++
      },
    },
  }
  const adminDeps: AdminStreamDeps = {
    ...common,
    slots: adminSlots,
    conversationExists: async () => {
      await reach("exists")
      return true
    },
  }

  /** Opens a stream as a transport does: a signal made before its first await, `open` on 200. */
  async function open(kind: "visitor" | "admin", { ip = IP, controller = new AbortController() } = {}) {
    const sink: FakeSink = {
      writes: [],
      ended: false,
      lost: false,
      write: (chunk) => {
        if (!sink.ended && !controller.signal.aborted) sink.writes.push(chunk)
      },
      end: () => {
        sink.ended = true
        controller.abort()
      },
      alive: () => !sink.ended && !sink.lost && !controller.signal.aborted,
    }
    hook("start")
    let answer: StreamAnswer
    if (kind === "visitor") {
      answer = await openVisitorStream(visitorDeps, { ip, cookies: { app_visitor_hash: HASH }, query: {} }, controller.signal)
    } else {
      answer = await openConversationStream(adminDeps, { conversationId: 7, query: {}, ip }, controller.signal)
    }
    // The transport starts the stream even when the client left meanwhile (a write then goes nowhere).
    if (isOpenStream(answer)) answer.open(sink)
    // What the transport answers (src/shared/send-outcome.ts), the stream's 200 included.
    return { answer: isOpenStream(answer) ? answer : httpAnswer(answer), sink, controller }
  }

  return {
    all,
    visitorSlots,
    adminSlots,
    state,
    marks,
    heard,
    open,
    at: (handler: (point: Point) => void) => (hook = handler),
    /** What the process still holds for streams. */
    held: () => ({
      slots: visitorSlots.total + adminSlots.total,
      open: all.size,
      watchers: state.watchers,
      timers: jest.getTimerCount(),
    }),
  }
}

const NOTHING_HELD = { slots: 0, open: 0, watchers: 0, timers: 0 }

/** Lets every pending promise chain run (timers are fake; these are not). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] }))
afterEach(() => jest.useRealTimers())

describe.each([
  ["visitor", VISITOR_POINTS],
  ["admin", ADMIN_POINTS],
] as const)("a %s stream", (kind, points) => {
  it.each(points)("releases everything when the client leaves at the `%s` await", async (point) => {
    const process = harness()
    for (let i = 0; i < 40; i++) {
      const run = new AbortController()
      process.at((reached) => {
        if (reached === point) run.abort()
      })
      await process.open(kind, { controller: run })
      await settle()
      expect(process.held()).toEqual(NOTHING_HELD)
    }
    // Nothing runs later either: no presence refresh, no heartbeat, no read.
    const { touches, reads } = process.state
    jest.advanceTimersByTime(10 * 60 * 1000)
    await settle()
    expect(process.state).toEqual({ watchers: 0, touches, reads })

    // The address is not refused afterwards.
    process.at(() => undefined)
    const { answer, sink } = await process.open(kind)
    expect(answer.status).toBe(200)
    await settle()
    expect(sink.writes).toContain(`id: ${MESSAGE.message_id}\ndata: ${JSON.stringify(MESSAGE)}\n\n`)
    sink.end()
    await settle()
    expect(process.held()).toEqual(NOTHING_HELD)
  })

  it.each(points.filter((point) => point !== "start"))("releases everything when the `%s` await fails", async (point) => {
    const process = harness()
    process.at((reached) => {
      if (reached === point) throw new Error("connection terminated")
    })
    for (let i = 0; i < 5; i++) {
      const opened = process.open(kind)
      // The operation itself fails (the transport answers 500), or the started stream ends.
      await opened.then(
        ({ sink }) => settle().then(() => expect(sink.ended || point === "presence").toBe(true)),
        (error: Error) => expect(error.message).toBe("connection terminated")
      )
      await settle()
      if (point === "presence") {
        // A failed presence refresh only warns; the stream stays open until the client leaves.
        expect(process.held().slots).toBe(1)
        ;(await opened).sink.end()
        await settle()
      }
      expect(process.held()).toEqual(NOTHING_HELD)
    }
  })

  it("releases everything when the client leaves after the stream opened, exactly once", async () => {
    const process = harness({ maxPerIp: 1 })
    const first = await process.open(kind)
    await settle()
    // The message feed's watcher and the typing and read signals' one.
    expect(process.held()).toEqual({ slots: 1, open: 1, watchers: 2, timers: kind === "visitor" ? 2 : 1 })
    first.controller.abort()
    first.controller.abort()
    first.sink.end()
    await settle()
    expect(process.held()).toEqual(NOTHING_HELD)
    // A double release would let this address hold two streams.
    expect((await process.open(kind)).answer.status).toBe(200)
    expect((await process.open(kind)).answer.status).toBe(429)
  })
})

describe("stream caps", () => {
  it("caps all streams of the process, visitor and admin together, with a 429 and Retry-After", async () => {
    const process = harness({ maxTotal: 3 })
    const opened = [
      await process.open("visitor", { ip: "198.51.100.1" }),
      await process.open("admin", { ip: "198.51.100.2" }),
      await process.open("visitor", { ip: "198.51.100.3" }),
    ]
    expect(opened.map(({ answer }) => answer.status)).toEqual([200, 200, 200])
    for (const kind of ["visitor", "admin"] as const) {
      const { answer } = await process.open(kind, { ip: "198.51.100.4" })
      expect(answer).toEqual({
        status: 429,
        body: { type: "too_many_requests", message: expect.any(String) },
        headers: { "Retry-After": expect.stringMatching(/^[1-9]\d*$/), "Access-Control-Expose-Headers": "Retry-After" },
      })
    }
    opened[1].sink.end()
    await settle()
    expect((await process.open("visitor", { ip: "198.51.100.4" })).answer.status).toBe(200)
  })

  it("closes every open stream at shutdown and releases what they held", async () => {
    const process = harness()
    const opened = [await process.open("visitor"), await process.open("admin", { ip: "198.51.100.9" })]
    await settle()
    process.all.closeAll()
    await settle()
    expect(opened.map(({ sink }) => sink.ended)).toEqual([true, true])
    expect(process.held()).toEqual(NOTHING_HELD)
  })
})

describe("presence", () => {
  it("refreshes last_seen_at at open and every 20 s while the stream is open", async () => {
    const process = harness()
    const { sink } = await process.open("visitor")
    await settle()
    expect(process.state.touches).toBe(1)
    jest.advanceTimersByTime(40_000)
    await settle()
    expect(process.state.touches).toBe(3)
    sink.end()
  })

  it("cannot outlive a response whose close went unnoticed: the next tick finds it dead and lets go", async () => {
    const process = harness()
    const { sink } = await process.open("visitor")
    await settle()
    sink.lost = true
    jest.advanceTimersByTime(HEARTBEAT_MS)
    await settle()
    expect(process.held()).toEqual(NOTHING_HELD)
    const touches = process.state.touches
    jest.advanceTimersByTime(10 * 60 * 1000)
    await settle()
    expect(process.state.touches).toBe(touches)
  })
})

describe("read marks", () => {
  const readEvents = (writes: string[]) => writes.filter((chunk) => chunk.startsWith("event: read"))
  const readSignal = (side: ChatSide, readUpTo: number): ChatSignal => ({ conversation_id: 7, side, kind: "read", read_up_to: readUpTo })

  it.each([
    ["visitor", "staff"],
    ["admin", "visitor"],
  ] as const)("the %s stream sends the other side's stored mark at open, and a mark missed while LISTEN was down at resync, each once", async (kind, side) => {
    const process = harness()
    process.marks[side] = 4
    const { sink } = await process.open(kind)
    await settle()
    expect(readEvents(sink.writes)).toEqual(['event: read\ndata: {"read_up_to":4}\n\n'])

    // The same mark as a signal, and the stream's own side's mark, send nothing more.
    process.heard.signal!(readSignal(side, 4))
    process.heard.signal!(readSignal(side === "staff" ? "visitor" : "staff", 9))
    expect(readEvents(sink.writes)).toHaveLength(1)

    // The signal for mark 5 was sent while the connection was down: the resync reads it.
    process.marks[side] = 5
    process.heard.resync!()
    await settle()
    process.heard.signal!(readSignal(side, 5))
    expect(readEvents(sink.writes)).toEqual(['event: read\ndata: {"read_up_to":4}\n\n', 'event: read\ndata: {"read_up_to":5}\n\n'])
    sink.end()
    await settle()
    expect(process.held()).toEqual(NOTHING_HELD)
  })

  it("sends no mark at open when the other side has read nothing", async () => {
    const process = harness()
    process.marks.visitor = 3
    const { sink } = await process.open("visitor")
    await settle()
    expect(readEvents(sink.writes)).toEqual([])
    sink.end()
  })
})
