// Staff's own marks on a conversation (CONTRACT §11): internal notes, which never reach the
// shopper or the team-chat thread, and labels, which the inbox list carries and filters by.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import type { RecordedEvent } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"
const NOTE = "Refund approved by Sam; check the parcel photo before answering"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let visitors = 0
    const events: RecordedEvent[] = []
    let subscribed = false

    const as = (headers: Record<string, string> = admin.bearer) => ({ headers, validateStatus: () => true })
    const get = (path: string) => api.get(`${BASE}${path}`, as())
    const post = (path: string, body: unknown, headers?: Record<string, string>) => api.post(`${BASE}${path}`, body, as(headers))
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    async function visitorConversation(messages: string[] = ["Where is my parcel?"]) {
      const shopper = new VisitorClient(api, publishableKey, `203.0.113.${60 + visitors++}`)
      const { data } = await shopper.session()
      for (const message of messages) await shopper.send({ message })
      return { shopper, conversationId: data.conversation_id as number }
    }
    const countRows = async (table: string) =>
      Number((await knex().raw<{ rows: { count: string }[] }>(`SELECT count(*) FROM ${table}`)).rows[0].count)

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      const container = getContainer()
      publishableKey = await createPublishableKey(container)
      events.length = 0
      if (!subscribed) {
        const eventBus = container.resolve(Modules.EVENT_BUS)
        for (const name of [CHAT_EVENTS.CONVERSATION_NOTE_ADDED, CHAT_EVENTS.CONVERSATION_LABELS_SET]) {
          eventBus.subscribe(name, async (event: { name: string; data: Record<string, unknown> }) => {
            events.push({ name: event.name, data: event.data })
          })
        }
        subscribed = true
      }
    })

    describe("POST /conversation/:id/notes", () => {
      it("stores a note the inbox thread shows and the shopper never receives", async () => {
        const { shopper, conversationId } = await visitorConversation()
        const outboxBefore = await countRows("launchdesk_outbox")
        const messagesBefore = await countRows("chat_message")

        const added = await post(`/conversation/${conversationId}/notes`, { text: `  ${NOTE}  ` })
        expect(added.status).toBe(200)
        expect(added.data.note).toEqual({
          note_id: expect.any(Number),
          conversation_id: conversationId,
          author_id: admin.userId,
          author_name: expect.any(String),
          kind: "note",
          text: NOTE,
          event: null,
          created_at: expect.any(String),
        })

        // Staff see it beside the messages.
        const thread = await get(`/conversation/${conversationId}`)
        expect(thread.status).toBe(200)
        expect(thread.data.notes).toEqual([added.data.note])
        expect(thread.data.messages.map((message: { message: string }) => message.message)).not.toContain(NOTE)

        // The shopper does not: not in a poll, not in a new session, and it is no message at all,
        // so no stream, email, transcript or team-chat post can carry it.
        const poll = await shopper.poll(0)
        expect(JSON.stringify(poll.data)).not.toContain("Refund approved")
        const session = await shopper.session()
        expect(JSON.stringify(session.data)).not.toContain("Refund approved")
        expect(await countRows("chat_message")).toBe(messagesBefore)
        expect(await countRows("launchdesk_outbox")).toBe(outboxBefore)

        await waitFor(() => events.length, (count) => count > 0)
        expect(events).toEqual([
          {
            name: CHAT_EVENTS.CONVERSATION_NOTE_ADDED,
            data: { conversation_id: conversationId, note_id: added.data.note.note_id, author_id: admin.userId },
          },
        ])
      })

      it("keeps notes in the order written and stores them as text", async () => {
        const { conversationId } = await visitorConversation()
        const script = "<img src=x onerror=alert(1)> called the courier"
        for (const text of ["first", script, "third"]) {
          expect((await post(`/conversation/${conversationId}/notes`, { text })).status).toBe(200)
        }
        const { data } = await get(`/conversation/${conversationId}`)
        expect(data.notes.map((note: { text: string }) => note.text)).toEqual(["first", script, "third"])
      })

      it.each([
        ["an empty note", { text: "   " }],
        ["a note over 5000 characters", { text: "n".repeat(5001) }],
        ["a note that is not text", { text: 42 }],
        ["an unknown field", { text: "ok", visible_to_shopper: true }],
        ["a control character", { text: "a\u0000b" }],
      ])("refuses %s with 400 and stores nothing", async (_case, body) => {
        const { conversationId } = await visitorConversation()
        const before = await countRows("chat_note")
        const answer = await post(`/conversation/${conversationId}/notes`, body)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect(await countRows("chat_note")).toBe(before)
      })

      it("answers 404 for a conversation that does not exist, and 401 without staff credentials", async () => {
        expect((await post("/conversation/99999/notes", { text: "hello" })).status).toBe(404)
        const { conversationId } = await visitorConversation()
        expect((await post(`/conversation/${conversationId}/notes`, { text: "hello" }, {})).status).toBe(401)
        expect(await countRows("chat_note")).toBe(0)
      })
    })

    describe("POST /conversation/:id/labels", () => {
      it("replaces the labels, which the list carries and filters by", async () => {
        const refund = await visitorConversation(["I want my money back"])
        const both = await visitorConversation(["Refund and a new size, please"])
        const none = await visitorConversation(["Just looking"])

        const set = await post(`/conversation/${refund.conversationId}/labels`, { labels: [" refund ", "vip", "refund"] })
        expect(set.status).toBe(200)
        expect(set.data).toEqual({ labels: ["refund", "vip"] })
        expect((await post(`/conversation/${both.conversationId}/labels`, { labels: ["exchange", "refund"] })).data).toEqual({
          labels: ["exchange", "refund"],
        })

        const listed = async (query: string) =>
          (await get(`/conversations${query}`)).data.items.map((item: { conversation_id: number; labels: string[] }) => [
            item.conversation_id,
            item.labels,
          ])
        expect(await listed("?label=refund")).toEqual([
          [both.conversationId, ["exchange", "refund"]],
          [refund.conversationId, ["refund", "vip"]],
        ])
        expect(await listed("?label=vip")).toEqual([[refund.conversationId, ["refund", "vip"]]])
        expect(await listed("?label=Refund")).toEqual([])
        expect(await listed("")).toContainEqual([none.conversationId, []])

        // Replaced, not merged; an empty list clears them.
        expect((await post(`/conversation/${refund.conversationId}/labels`, { labels: [] })).data).toEqual({ labels: [] })
        expect(await listed("?label=vip")).toEqual([])
        expect((await get(`/conversation/${refund.conversationId}`)).data.labels).toEqual([])

        await waitFor(() => events.length, (count) => count >= 3)
        expect(events[0]).toEqual({
          name: CHAT_EVENTS.CONVERSATION_LABELS_SET,
          data: { conversation_id: refund.conversationId, labels: ["refund", "vip"], previous: [] },
        })
      })

      it.each([
        ["eleven labels", { labels: Array.from({ length: 11 }, (_, i) => `label-${i}`) }],
        ["a label over 32 characters", { labels: ["x".repeat(33)] }],
        ["an empty label", { labels: ["  "] }],
        ["a label that is not text", { labels: [7] }],
        ["labels that are not a list", { labels: "refund" }],
        ["no labels field", {}],
      ])("refuses %s with 400 and changes nothing", async (_case, body) => {
        const { conversationId } = await visitorConversation()
        await post(`/conversation/${conversationId}/labels`, { labels: ["kept"] })
        const answer = await post(`/conversation/${conversationId}/labels`, body)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect((await get(`/conversation/${conversationId}`)).data.labels).toEqual(["kept"])
      })

      it("refuses a label filter over 32 characters, and answers 404 for an unknown conversation", async () => {
        expect((await get(`/conversations?label=${"x".repeat(33)}`)).status).toBe(400)
        expect((await post("/conversation/99999/labels", { labels: ["a"] })).status).toBe(404)
      })
    })
  },
})
