import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule, untilSignalsFlow } from "../../utils/chat"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { openSse, type SseEvent, type SseStream } from "../../utils/sse"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const signalsIn = (events: SseEvent[]) =>
  events.filter((event) => event.event !== undefined).map((event) => ({ id: event.id, event: event.event, data: JSON.parse(event.data) }))

// Typing and read receipts (CONTRACT §8): signals through every process's streams and polls,
// read marks stored on the conversation. Each case runs with the shopper on either lane.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    let admin: AdminCredentials
    const open: SseStream[] = []
    let ip = 20

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      await untilSignalsFlow([(await chatModule(getContainer()).push()).signals, fastLane().push.signals])
    })
    afterEach(() => open.splice(0).forEach((stream) => stream.close()))

    const adminPost = (path: string, body: unknown, headers: Record<string, string> | undefined = admin.bearer) =>
      api.post(`/admin/app/v1${path}`, body, { headers, validateStatus: () => true })
    const adminStream = async (conversationId: number) => {
      const stream = await openSse(`${api.defaults.baseURL}/admin/app/v1/conversation/${conversationId}/stream`, admin.bearer)
      open.push(stream)
      return stream
    }
    const adminConversation = async (conversationId: number) =>
      (await api.get(`/admin/app/v1/conversation/${conversationId}`, { headers: admin.bearer })).data

    describe.each(LANES)("with the shopper on the %s lane", (lane: Lane) => {
      const baseUrl = () => (lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url)
      const shopper = () => new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `203.0.113.${ip++}`)
      const visitorStream = async (client: VisitorClient) => {
        const stream = await openSse(`${baseUrl()}/store/app/v1/stream`, client.headers())
        open.push(stream)
        return stream
      }
      async function startChat() {
        const client = shopper()
        const conversationId: number = (await client.session()).data.conversation_id
        return { client, conversationId }
      }

      it("shows the agent the shopper typing, as events without an id, and never stores it", async () => {
        const { client, conversationId } = await startChat()
        const stream = await adminStream(conversationId)
        await sleep(200)

        const typing = await client.typing({ typing: true })
        expect(typing.status).toBe(204)
        expect(typing.data).toBe("")
        // A pane without its stream reads the same from the conversation it polls.
        await stream.waitForEvents(1)
        expect((await adminConversation(conversationId)).visitor_typing).toBe(true)
        expect((await client.typing()).status).toBe(204)
        expect((await client.typing({ typing: false })).status).toBe(204)
        const events = await stream.waitForEvents(3)
        expect(signalsIn(events)).toEqual([
          { id: undefined, event: "typing", data: { typing: true } },
          { id: undefined, event: "typing", data: { typing: true } },
          { id: undefined, event: "typing", data: { typing: false } },
        ])
        // A typing notice is no message: nothing stored, nothing for the inbox's list.
        const view = await adminConversation(conversationId)
        expect(view.messages).toEqual([])
        expect(view.visitor_typing).toBe(false)
      })

      it("shows the shopper the agent typing, on the stream and in the poll answer, until the agent stops", async () => {
        const { client, conversationId } = await startChat()
        const stream = await visitorStream(client)
        await sleep(200)
        expect((await client.poll()).data).toMatchObject({ typing: false, read_up_to: null })

        expect((await adminPost(`/conversation/${conversationId}/typing`, {})).status).toBe(204)
        // The stream is served by the shopper's lane: once it has the event, that process knows.
        expect(signalsIn(await stream.waitForEvents(1))).toEqual([{ id: undefined, event: "typing", data: { typing: true } }])
        expect((await client.poll()).data.typing).toBe(true)

        expect((await adminPost(`/conversation/${conversationId}/typing`, { typing: false })).status).toBe(204)
        // The stop arrives after the start (a resync may repeat the start before it).
        await stream.waitForEvents(2)
        const typingSignals = () => signalsIn(stream.events).filter((signal) => signal.event === "typing")
        for (const deadline = Date.now() + 10_000; typingSignals().at(-1)?.data.typing !== false && Date.now() < deadline; ) await sleep(50)
        expect(typingSignals().at(-1)).toEqual({ id: undefined, event: "typing", data: { typing: false } })
        expect((await client.poll()).data.typing).toBe(false)
      })

      it("keeps read marks: the agent sees what the shopper read, the shopper what the staff read", async () => {
        const { client, conversationId } = await startChat()
        const first = (await client.send({ message: "Is the blue one in stock?" })).data.message_id as number
        const second = (await client.send({ message: "Size M" })).data.message_id as number
        const toAdmin = await adminStream(conversationId)
        const toShopper = await visitorStream(client)
        // Polled up to the end, so the next poll may be answered from the process's memory.
        await client.poll(second)
        await client.poll(second)

        expect((await adminPost(`/conversation/${conversationId}/read`, { message_id: second })).status).toBe(204)
        const shopperEvents = await toShopper.waitForEvents(3)
        expect(signalsIn(shopperEvents)).toEqual([{ id: undefined, event: "read", data: { read_up_to: second } }])
        expect((await client.poll(second)).data.read_up_to).toBe(second)
        expect((await client.session()).data.read_up_to).toBe(second)

        // A stale or repeated mark changes nothing and sends nothing.
        expect((await adminPost(`/conversation/${conversationId}/read`, { message_id: first })).status).toBe(204)
        expect((await adminPost(`/conversation/${conversationId}/read`, { message_id: second })).status).toBe(204)

        const reply = await api.post(
          "/admin/app/v1/reply",
          { conversation_id: conversationId, message: "Yes, in every size." },
          { headers: admin.bearer }
        )
        const replyId = reply.data.message_id as number
        // An id beyond the conversation's newest message marks only what exists.
        expect((await client.read({ message_id: replyId + 1000 })).status).toBe(204)
        const adminEvents = await toAdmin.waitForEvents(4)
        expect(signalsIn(adminEvents)).toEqual([{ id: undefined, event: "read", data: { read_up_to: replyId } }])
        expect((await adminConversation(conversationId)).visitor_read_up_to).toBe(replyId)
        expect((await client.read({ message_id: first })).status).toBe(204)
        expect((await adminConversation(conversationId)).visitor_read_up_to).toBe(replyId)

        await sleep(300)
        expect(signalsIn(toShopper.events)).toHaveLength(1)
        expect(signalsIn(toAdmin.events)).toHaveLength(1)
      })

      it("refuses bad input with Medusa's error body and changes nothing", async () => {
        const { client, conversationId } = await startChat()
        const message = (await client.send({ message: "hello" })).data.message_id as number
        for (const body of [{ typing: "yes" }, { typing: 1 }, { typing: true, extra: 1 }, []]) {
          const answer = await client.typing(body)
          expect([answer.status, answer.data.type]).toEqual([400, "invalid_data"])
        }
        for (const body of [{}, { message_id: 0 }, { message_id: -1 }, { message_id: 1.5 }, { message_id: 2147483648 }, { message_id: "x" }, { message_id: message, extra: true }]) {
          const answer = await client.read(body)
          expect([answer.status, answer.data.type]).toEqual([400, "invalid_data"])
        }
        const stranger = shopper()
        expect((await stranger.typing()).status).toBe(403)
        expect((await stranger.read({ message_id: message })).status).toBe(403)
        expect((await adminConversation(conversationId)).visitor_read_up_to).toBeNull()
      })

      it("limits typing and read notices per address, shared with every process", async () => {
        const { client } = await startChat()
        await freshLimitWindow()
        const answers: number[] = []
        for (let i = 0; i < 61; i++) answers.push((await client.typing()).status)
        expect(answers.slice(0, 60).every((status) => status === 204)).toBe(true)
        expect(answers[60]).toBe(429)
        const refused = await client.read({ message_id: 1 })
        expect(refused.status).toBe(429)
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
      })
    })

    describe("the admin routes", () => {
      it("answer 404 for an unknown conversation, 400 for a bad body, 401 without a session", async () => {
        const client = new VisitorClient(api, publishableKey, "203.0.113.250")
        const conversationId: number = (await client.session()).data.conversation_id
        for (const path of ["typing", "read"]) {
          expect((await adminPost(`/conversation/2147483647/${path}`, path === "read" ? { message_id: 1 } : {})).status).toBe(404)
          expect((await adminPost(`/conversation/${conversationId}/${path}`, { typing: "no", message_id: "no" })).status).toBe(400)
          expect((await adminPost(`/conversation/${conversationId}/${path}`, {}, {})).status).toBe(401)
        }
        // Nothing to read yet: the mark stays empty.
        expect((await adminPost(`/conversation/${conversationId}/read`, { message_id: 5 })).status).toBe(204)
        expect((await client.session()).data.read_up_to).toBeNull()
      })
    })
  },
})
