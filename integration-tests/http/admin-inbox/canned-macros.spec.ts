// Canned responses that also act (issue 32's macros): a canned response may add labels, assign
// the conversation to the agent who sent it, and close it; the inbox runs them after the reply.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { eventRecorder } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let visitors = 0
    const recorder = eventRecorder([CHAT_EVENTS.CONVERSATION_LABELS_SET, CHAT_EVENTS.CONVERSATION_ASSIGNED, CHAT_EVENTS.CONVERSATION_CLOSED])
    const { events } = recorder

    const as = (headers: Record<string, string> = admin.bearer) => ({ headers, validateStatus: () => true })
    const get = (path: string) => api.get(`${BASE}${path}`, as())
    const post = (path: string, body: unknown, headers?: Record<string, string>) => api.post(`${BASE}${path}`, body, as(headers))
    const patch = (path: string, body: unknown) => api.patch(`${BASE}${path}`, body, as())

    async function visitorConversation() {
      const shopper = new VisitorClient(api, publishableKey, `203.0.113.${120 + visitors++}`)
      const { data } = await shopper.session()
      await shopper.send({ message: "My parcel arrived damaged" })
      return { shopper, conversationId: data.conversation_id as number }
    }

    async function canned(body: Record<string, unknown>) {
      const created = await post("/canned", { question: "Damaged parcel", response: "Sorry! A new one is on its way.", ...body })
      expect(created.status).toBe(200)
      return created.data as { id: number; actions?: unknown }
    }

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      recorder.startEach(getContainer())
    })

    describe("a canned response's actions", () => {
      it("are stored without what is off, and a canned response without any keeps the contract's shape", async () => {
        const macro = await canned({ actions: { labels: ["damaged", "damaged", " refund "], assign_to_me: true, close: false } })
        expect(macro.actions).toEqual({ labels: ["damaged", "refund"], assign_to_me: true })
        const plain = await canned({ actions: { labels: [], close: false } })
        expect(plain).not.toHaveProperty("actions")
        expect(await canned({})).not.toHaveProperty("actions")
        expect((await get(`/canned/${macro.id}`)).data.actions).toEqual({ labels: ["damaged", "refund"], assign_to_me: true })
      })

      it("are replaced by an update, and null clears them", async () => {
        const macro = await canned({ actions: { labels: ["damaged"], close: true } })
        const replaced = await patch(`/canned/${macro.id}`, { actions: { assign_to_me: true } })
        expect(replaced.status).toBe(200)
        // Replaced, not merged: the labels and the close are gone.
        expect(replaced.data.actions).toEqual({ assign_to_me: true })
        const kept = await patch(`/canned/${macro.id}`, { question: "Broken parcel" })
        expect(kept.data.actions).toEqual({ assign_to_me: true })
        const cleared = await patch(`/canned/${macro.id}`, { actions: null })
        expect(cleared.status).toBe(200)
        expect(cleared.data).not.toHaveProperty("actions")
      })

      it.each([
        ["an unknown action", { tag: ["x"] }],
        ["eleven labels", { labels: Array.from({ length: 11 }, (_, i) => `label-${i}`) }],
        ["a label of 33 characters", { labels: ["x".repeat(33)] }],
        ["an empty label", { labels: ["  "] }],
        ["a close that is not true or false", { close: "yes" }],
        ["actions that are a list", [{ close: true }]],
      ])("refuse %s with 400, storing nothing", async (_case, actions) => {
        const before = (await get("/canned")).data.total
        const answer = await post("/canned", { question: "Q", response: "A", actions })
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect((await get("/canned")).data.total).toBe(before)
      })
    })

    describe("POST /canned/:id/apply", () => {
      it("adds the labels to the ones there, assigns the conversation to the agent, closes it, with each event", async () => {
        const { shopper, conversationId } = await visitorConversation()
        expect((await post(`/conversation/${conversationId}/labels`, { labels: ["vip"] })).status).toBe(200)
        const macro = await canned({ actions: { labels: ["damaged", "vip"], assign_to_me: true, close: true } })
        events.length = 0

        const applied = await post(`/canned/${macro.id}/apply`, { conversation_id: conversationId })
        expect(applied.status).toBe(200)
        expect(applied.data).toEqual({ labels: ["vip", "damaged"], assigned_to: admin.userId, status: "closed" })
        const conversation = (await get(`/conversation/${conversationId}`)).data
        expect(conversation).toMatchObject({ labels: ["vip", "damaged"], assigned_to: admin.userId, status: "closed" })
        // Closed as the Close button closes: the widget's note that asks for a rating.
        const { data: poll } = await shopper.poll(0)
        expect(poll.messages.map((message: { sender: string; message: string }) => [message.sender, message.message])).toContainEqual([
          "system",
          "Conversation closed",
        ])
        expect(events.map((event) => event.name).sort()).toEqual(
          [CHAT_EVENTS.CONVERSATION_ASSIGNED, CHAT_EVENTS.CONVERSATION_CLOSED, CHAT_EVENTS.CONVERSATION_LABELS_SET].sort()
        )

        // Once more: nothing left to change, so nothing changes and no event is sent.
        events.length = 0
        const again = await post(`/canned/${macro.id}/apply`, { conversation_id: conversationId })
        expect(again.data).toEqual({ labels: ["vip", "damaged"], assigned_to: admin.userId, status: "closed" })
        expect(events).toEqual([])
      })

      it("changes nothing for a canned response without actions", async () => {
        const { conversationId } = await visitorConversation()
        const plain = await canned({})
        const applied = await post(`/canned/${plain.id}/apply`, { conversation_id: conversationId })
        expect(applied.data).toEqual({ labels: [], assigned_to: null, status: "waiting" })
        expect(events).toEqual([])
      })

      it("refuses labels past ten in all with 400, and then changes nothing else either", async () => {
        const { conversationId } = await visitorConversation()
        const nine = Array.from({ length: 9 }, (_, i) => `kept-${i}`)
        expect((await post(`/conversation/${conversationId}/labels`, { labels: nine })).status).toBe(200)
        const macro = await canned({ actions: { labels: ["one", "two"], assign_to_me: true, close: true } })
        const refused = await post(`/canned/${macro.id}/apply`, { conversation_id: conversationId })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/at most 10/)
        expect((await get(`/conversation/${conversationId}`)).data).toMatchObject({ labels: nine, assigned_to: null, status: "waiting" })
      })

      it("answers 404 for an unknown canned response or conversation, and 400 for a bad body", async () => {
        const { conversationId } = await visitorConversation()
        const macro = await canned({ actions: { close: true } })
        expect((await post(`/canned/999999/apply`, { conversation_id: conversationId })).status).toBe(404)
        expect((await post(`/canned/${macro.id}/apply`, { conversation_id: 999999 })).status).toBe(404)
        for (const body of [{}, { conversation_id: "x" }, { conversation_id: conversationId, close: true }]) {
          expect((await post(`/canned/${macro.id}/apply`, body)).status).toBe(400)
        }
        expect((await get(`/conversation/${conversationId}`)).data.status).toBe("waiting")
      })
    })
  },
})
