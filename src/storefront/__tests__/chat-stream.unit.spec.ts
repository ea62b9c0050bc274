import { createApiClient } from "../core/api"
import { ChatController } from "../core/chat-controller"
import { withLabels } from "../core/default-labels"
import { createStreamClient } from "../core/store-stream"
import { chatStream } from "../core/chat-stream"
import { FakeStore } from "./fake-store"
import { sleep, until } from "./wait"

describe("the chat controller with the push stream", () => {
  let store: FakeStore
  let controller: ChatController | null = null
  let hidden = false

  /** A page that already has the conversation (it resumes it by polling, then streams). */
  function chat(options: { stream?: boolean; closeStreamWhenHiddenMs?: number; streamEchoTimeoutMs?: number } = {}) {
    const saved = new Map<string, string>([
      [
        "launchdesk.chat",
        JSON.stringify({ conversationId: store.conversationId, lastSeenId: 0, autoReplyAsked: true, emailSaved: false, emailOfferDismissed: true }),
      ],
    ])
    const connection = { baseUrl: store.url, publishableKey: "pk_test" }
    controller = new ChatController({
      api: createApiClient(connection),
      stream: options.stream === false ? null : chatStream(createStreamClient(connection)),
      labels: withLabels(),
      emailOfferAfterSeconds: 600,
      pollIntervalMs: 100,
      maxPollIntervalMs: 400,
      autoReply: false,
      storage: {
        getItem: (key) => saved.get(key) ?? null,
        setItem: (key, value) => void saved.set(key, value),
        removeItem: (key) => void saved.delete(key),
      },
      isHidden: () => hidden,
      ...(options.closeStreamWhenHiddenMs ? { closeStreamWhenHiddenMs: options.closeStreamWhenHiddenMs } : {}),
      ...(options.streamEchoTimeoutMs ? { streamEchoTimeoutMs: options.streamEchoTimeoutMs } : {}),
    })
    controller.start()
    return controller
  }

  const ids = (subject: ChatController) => subject.getState().messages.map((message) => message.message_id)
  const storeIds = () => store.messages.map((message) => message.message_id)

  beforeEach(async () => {
    hidden = false
    store = new FakeStore()
    await store.start()
    store.add("visitor", "Do you ship to Norway?")
    store.add("agent", "We do!")
  })

  afterEach(async () => {
    controller?.stop()
    controller = null
    await store.stop()
  })

  it("loads the history by polling, then gets new messages over the stream and stops polling", async () => {
    const subject = chat()
    await until(() => subject.isStreaming(), "the stream")
    expect(ids(subject)).toEqual([1, 2])
    const stream = store.requests.find((request) => request.path === "/stream")
    expect(stream?.headers["x-publishable-api-key"]).toBe("pk_test")
    expect(stream?.query.get("since_id")).toBe("2")
    expect(stream?.headers["last-event-id"]).toBe("2")

    const pollsBefore = store.count("/poll")
    store.add("agent", "Delivery takes three days.")
    await until(() => ids(subject).includes(3), "the reply", 500)
    // Several poll intervals later: still no poll, one stream.
    await sleep(450)
    expect(store.count("/poll")).toBe(pollsBefore)
    expect(store.count("/stream")).toBe(1)
    expect(ids(subject)).toEqual([1, 2, 3])
  })

  it("follows the poll's pages: a long history arrives whole before the stream opens after its newest message", async () => {
    for (let i = 3; i <= 450; i++) store.add(i % 2 ? "visitor" : "agent", `message ${i}`)
    const subject = chat()
    await until(() => subject.isStreaming(), "the stream")
    expect(ids(subject)).toEqual(storeIds())
    const polls = store.requests.filter((request) => request.path === "/poll").map((request) => request.query.get("since_id"))
    expect(polls).toEqual(["0", "200", "400"])
    const stream = store.requests.find((request) => request.path === "/stream")
    expect(stream?.query.get("since_id")).toBe("450")
  })

  it("without a stream, one poll follows every page of a backlog", async () => {
    const subject = chat({ stream: false })
    await until(() => subject.getState().historyLoaded, "the history")
    for (let i = 3; i <= 450; i++) store.add("agent", `backlog ${i}`)
    const before = store.count("/poll")
    await subject.pollNow()
    expect(ids(subject)).toEqual(storeIds())
    expect(store.count("/poll") - before).toBe(3)
  })

  it("polls only when the server has no stream (404), and does not ask for one again", async () => {
    store.mode = "missing"
    const subject = chat()
    await until(() => store.count("/stream") === 1 && store.count("/poll") >= 2, "a poll after the refused stream")
    store.add("agent", "Answered by polling")
    await until(() => ids(subject).includes(3), "the reply by polling")
    // Longer than a reconnect's first wait (the default 3 s retry, ±20 %): none comes.
    await sleep(3800)
    expect(store.count("/stream")).toBe(1)
    expect(subject.isStreaming()).toBe(false)
  })

  it("polls only when streaming is switched off", async () => {
    const subject = chat({ stream: false })
    store.add("agent", "Polled")
    await until(() => ids(subject).includes(3), "the reply by polling")
    expect(store.count("/stream")).toBe(0)
  })

  it("moves between stream and polling without losing or repeating a message", async () => {
    const subject = chat()
    await until(() => subject.isStreaming(), "the stream")
    store.mode = "down"
    store.dropStreams()
    await until(() => !subject.isStreaming(), "the drop to be noticed")
    store.add("agent", "Sent while the stream is down")
    store.add("bridge", "From the team chat, also while down")
    await until(() => ids(subject).includes(4), "the messages by polling")
    const pollsWhileDown = store.count("/poll")
    expect(pollsWhileDown).toBeGreaterThan(1)

    store.mode = "live"
    await until(() => subject.isStreaming(), "the stream to come back", 5000)
    // It resumes after the newest message held.
    const resumed = store.requests.filter((request) => request.path === "/stream").pop()
    expect(resumed?.headers["last-event-id"]).toBe("4")
    store.add("agent", "Over the stream again")
    store.add("visitor", "Thanks")
    await until(() => ids(subject).includes(6), "the messages over the stream")
    expect(ids(subject)).toEqual(storeIds())
    expect(new Set(ids(subject)).size).toBe(store.messages.length)
  })

  it("takes a stream that never echoes the visitor's message as stuck: the message shows by polling, and a new stream opens", async () => {
    store.mode = "silent"
    const subject = chat({ streamEchoTimeoutMs: 150 })
    await until(() => subject.isStreaming(), "the (silent) stream")
    expect(await subject.send("Is anyone there?")).toBe(true)
    await until(() => ids(subject).includes(3), "the sent message by polling", 2000)
    store.mode = "live"
    await until(() => store.count("/stream") >= 2 && subject.isStreaming(), "a new stream")
    store.add("agent", "Yes!")
    await until(() => ids(subject).includes(4), "the reply on the new stream")
    expect(ids(subject)).toEqual([1, 2, 3, 4])
  })

  describe("in a tab that gets hidden", () => {
    const page = new EventTarget()

    beforeAll(() => {
      Object.defineProperty(globalThis, "document", { value: page, configurable: true })
    })

    afterAll(() => {
      Reflect.deleteProperty(globalThis, "document")
    })

    const setHidden = (value: boolean) => {
      hidden = value
      page.dispatchEvent(new Event("visibilitychange"))
    }

    it("keeps the stream a while, then frees it and polls; shown again, it streams", async () => {
      const subject = chat({ closeStreamWhenHiddenMs: 250 })
      await until(() => subject.isStreaming(), "the stream")
      setHidden(true)
      await sleep(100)
      expect(subject.isStreaming()).toBe(true)
      await until(() => !subject.isStreaming() && store.openStreams === 0, "the stream to be given up")
      store.add("agent", "Arrives by polling while hidden")
      await until(() => ids(subject).includes(3), "the reply by polling", 3000)
      expect(subject.getState().unread).toBe(2)

      const streamsBefore = store.count("/stream")
      setHidden(false)
      await until(() => subject.isStreaming(), "the stream back")
      expect(store.count("/stream")).toBe(streamsBefore + 1)
      store.add("agent", "Over the stream")
      await until(() => ids(subject).includes(4), "the reply over the stream")
      expect(ids(subject)).toEqual([1, 2, 3, 4])
    })
  })
})
