import { ChatSignals, encodeSignal, parseSignal, TYPING_HOLDS_MS, type ChatSignal } from "../chat-signals"

/** A listener whose one channel the test feeds by hand, and a clock it moves. */
function harness() {
  const handlers: ((payload: string) => void)[] = []
  const published: string[] = []
  let now = 1_000_000
  const signals = new ChatSignals(
    { on: (_channel, handler) => (handlers.push(handler), () => undefined) },
    async (payload) => {
      published.push(payload)
      // Every process hears its own notice, as with LISTEN and SUBSCRIBE.
      handlers.forEach((handler) => handler(payload))
    },
    () => now
  )
  return { signals, published, hear: (payload: string) => handlers.forEach((handler) => handler(payload)), tick: (ms: number) => (now += ms) }
}

describe("typing and read signals", () => {
  it("encodes and parses each kind, and ignores anything else", () => {
    const signals: ChatSignal[] = [
      { conversation_id: 12, side: "visitor", kind: "typing", typing: true },
      { conversation_id: 12, side: "staff", kind: "typing", typing: false },
      { conversation_id: 3, side: "staff", kind: "read", read_up_to: 2147483647 },
    ]
    for (const signal of signals) expect(parseSignal(encodeSignal(signal))).toEqual(signal)
    for (const junk of ["", "12:agent:typing:1", "12:visitor:typing", "x:visitor:read:1", "12:visitor:read:-1", "12:visitor:seen:1"]) {
      expect(parseSignal(junk)).toBeNull()
    }
  })

  it("holds a typing signal for a few seconds, per side, until stopped", async () => {
    const { signals, tick } = harness()
    await signals.send({ conversation_id: 5, side: "staff", kind: "typing", typing: true })
    expect(signals.isTyping(5, "staff")).toBe(true)
    expect(signals.isTyping(5, "visitor")).toBe(false)
    expect(signals.isTyping(6, "staff")).toBe(false)
    tick(TYPING_HOLDS_MS - 1)
    expect(signals.isTyping(5, "staff")).toBe(true)
    tick(1)
    expect(signals.isTyping(5, "staff")).toBe(false)

    await signals.send({ conversation_id: 5, side: "staff", kind: "typing", typing: true })
    await signals.send({ conversation_id: 5, side: "staff", kind: "typing", typing: false })
    expect(signals.isTyping(5, "staff")).toBe(false)
  })

  it("hands each conversation's signals to its watchers until they unsubscribe, and read signals to the read handlers", () => {
    const { signals, hear } = harness()
    const seen: ChatSignal[] = []
    const reads: number[] = []
    const stop = signals.watch(7, (signal) => seen.push(signal))
    signals.onRead((signal) => reads.push(signal.read_up_to))
    hear("7:visitor:typing:1")
    hear("8:visitor:typing:1")
    hear("7:staff:read:40")
    hear("not a signal")
    stop()
    hear("7:visitor:typing:0")
    expect(seen).toEqual([
      { conversation_id: 7, side: "visitor", kind: "typing", typing: true },
      { conversation_id: 7, side: "staff", kind: "read", read_up_to: 40 },
    ])
    expect(reads).toEqual([40])
  })
})
