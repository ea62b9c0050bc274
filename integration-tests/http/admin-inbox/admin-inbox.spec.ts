// Over 300 lines on purpose: one spec for the inbox's admin routes, whose cases share one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule, expectReplyDelivered, storedConversation, type RecordedEvent } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    const events: RecordedEvent[] = []
    let subscribed = false

    const as = (headers: Record<string, string> = admin.bearer) => ({ headers, validateStatus: () => true })
    const get = (path: string, headers?: Record<string, string>) => api.get(`${BASE}${path}`, as(headers))
    const post = (path: string, body: unknown = {}, headers?: Record<string, string>) =>
      api.post(`${BASE}${path}`, body, as(headers))
    const chat = () => chatModule(getContainer())
    const store = () => chat().conversations()

    /** A shopper who opened the chat and wrote `messages`. */
    async function visitorConversation(messages: string[] = ["Hello?"], ip = "203.0.113.50") {
      const shopper = new VisitorClient(api, publishableKey, ip)
      const { data } = await shopper.session()
      for (const message of messages) {
        await shopper.send({ message })
      }
      return { shopper, conversationId: data.conversation_id as number }
    }

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
        for (const name of Object.values(CHAT_EVENTS)) {
          eventBus.subscribe(name, async (event: { name: string; data: Record<string, unknown> }) => {
            events.push({ name: event.name, data: event.data })
          })
        }
        subscribed = true
      }
    })

    describe("admin authentication", () => {
      // Every row has three cells: jest passes `done` to a test function with more parameters.
      const routes: [string, string, unknown][] = [
        ["get", "/conversations", undefined],
        ["get", "/conversation/1", undefined],
        ["post", "/reply", { conversation_id: 1, message: "hi" }],
        ["post", "/close/1", undefined],
        ["post", "/assign/1", { assigned_to: null }],
        ["get", "/canned", undefined],
        ["post", "/canned", { question: "q", response: "r" }],
        ["put", "/canned/1", { question: "q" }],
        ["patch", "/canned/1", { question: "q" }],
        ["delete", "/canned/1", undefined],
      ]

      it.each(routes)("%s %s answers 401 without admin auth", async (method, path, body) => {
        const config = { validateStatus: () => true }
        const url = `${BASE}${path}`
        const response =
          method === "get" || method === "delete"
            ? await api[method](url, config)
            : await api[method as "post" | "put" | "patch"](url, body, config)
        expect(response.status).toBe(401)
      })

      it("answers 401 to a forged bearer token and to a publishable key", async () => {
        expect((await get("/conversations", { authorization: "Bearer not.a.token" })).status).toBe(401)
        expect((await get("/conversations", { "x-publishable-api-key": publishableKey })).status).toBe(401)
      })

      it.each(["bearer", "session", "secretApiKey"] as const)("accepts a %s", async (kind) => {
        const response = await get("/conversations", admin[kind])
        expect(response.status).toBe(200)
        const reply = await post("/reply", { conversation_id: (await visitorConversation()).conversationId, message: "ok" }, admin[kind])
        expect(reply.status).toBe(200)
      })
    })

    describe("GET /admin/app/v1/conversations", () => {
      it("lists newest activity first with a last-message preview and unread count", async () => {
        const older = await visitorConversation(["first visitor"], "203.0.113.60")
        const newer = await visitorConversation(["one", "two"], "203.0.113.61")
        await post("/reply", { conversation_id: older.conversationId, message: "answer" })

        const { status, data } = await get("/conversations")
        expect(status).toBe(200)
        expect(data).toEqual({ items: expect.any(Array), total: 2, per_page: 20, page: 1, total_pages: 1 })
        expect(data.items.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([
          older.conversationId,
          newer.conversationId,
        ])
        const [answered, waiting] = data.items
        expect(answered).toEqual({
          conversation_id: older.conversationId,
          status: "open",
          assigned_to: null,
          email: null,
          customer_id: null,
          customer_name: null,
          // No chat hours set: never after hours.
          after_hours: false,
          // The store offers no languages: its default.
          locale: "en",
          // Staff set none (notes-and-labels.spec.ts).
          labels: [],
          page_url: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          last_message_at: expect.any(String),
          last_message: { message_id: expect.any(Number), sender: "agent", message: "answer", created_at: expect.any(String) },
          unread: 0,
        })
        expect(waiting.unread).toBe(2)
        expect(waiting.status).toBe("waiting")
        expect(waiting).not.toHaveProperty("messages")
      })

      it("never hands a visitor's cookie (or its digest) to staff", async () => {
        const { shopper, conversationId } = await visitorConversation(["Is my chat private?"], "203.0.113.60")
        const list = await get("/conversations")
        const detail = await get(`/conversation/${conversationId}`)
        for (const body of [list.data, detail.data]) {
          expect(JSON.stringify(body)).not.toContain(shopper.visitorHash)
          expect(JSON.stringify(body)).not.toContain("visitor_hash")
        }
      })

      it("filters by status and by assignee, including unassigned", async () => {
        const a = await visitorConversation(["a"], "203.0.113.70")
        const b = await visitorConversation(["b"], "203.0.113.71")
        await post(`/close/${a.conversationId}`)
        await post(`/assign/${b.conversationId}`, { assigned_to: admin.userId })

        const ids = async (query: string) =>
          (await get(`/conversations?${query}`)).data.items.map((c: { conversation_id: number }) => c.conversation_id)
        expect(await ids("status=closed")).toEqual([a.conversationId])
        expect(await ids("status=waiting")).toEqual([b.conversationId])
        expect(await ids("status=open")).toEqual([])
        expect(await ids(`assigned_to=${admin.userId}`)).toEqual([b.conversationId])
        expect(await ids("assigned_to=none")).toEqual([a.conversationId])
        // The chat seed: 0 or empty means unassigned, as it does for assign.
        expect(await ids("assigned_to=0")).toEqual([a.conversationId])
        expect(await ids("assigned_to=")).toEqual([a.conversationId])
      })

      it("searches message text, visitor email and conversation id", async () => {
        const parcel = await visitorConversation(["Where is my PARCEL 100%?"], "203.0.113.80")
        const mail = await visitorConversation(["hello"], "203.0.113.81")
        await mail.shopper.email({ email: "jane.doe@example.com" })

        const ids = async (search: string) =>
          (await get(`/conversations?search=${encodeURIComponent(search)}`)).data.items.map(
            (c: { conversation_id: number }) => c.conversation_id
          )
        expect(await ids("parcel")).toEqual([parcel.conversationId])
        expect(await ids("100%")).toEqual([parcel.conversationId])
        expect(await ids("%")).toEqual([parcel.conversationId])
        expect(await ids("JANE.DOE")).toEqual([mail.conversationId])
        expect(await ids(String(mail.conversationId))).toContain(mail.conversationId)
        expect(await ids("nothing like this")).toEqual([])
      })

      it("paginates: default 20, per_page clamped to 100, pages past the end are empty", async () => {
        const writer = await store()
        for (let i = 0; i < 105; i++) {
          await writer.createConversation(`v${String(i).padStart(42, "0")}`, null)
        }
        const first = await get("/conversations")
        expect(first.data.items).toHaveLength(20)
        expect(first.data).toMatchObject({ total: 105, per_page: 20, page: 1, total_pages: 6 })

        const clamped = await get("/conversations?per_page=500")
        expect(clamped.data.items).toHaveLength(100)
        expect(clamped.data).toMatchObject({ per_page: 100, total_pages: 2 })

        const last = await get("/conversations?per_page=100&page=2")
        expect(last.data.items).toHaveLength(5)
        const beyond = await get("/conversations?page=9")
        expect(beyond.data).toEqual({ items: [], total: 105, per_page: 20, page: 9, total_pages: 6 })
      })

      it.each(["per_page=0", "page=0", "page=abc", "status=pending", "per_page=-5"])(
        "answers 400 for %s",
        async (query) => {
          const response = await get(`/conversations?${query}`)
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        }
      )
    })

    describe("GET /admin/app/v1/conversation/:id", () => {
      it("returns the conversation with all its messages, or those after since_id", async () => {
        const { conversationId } = await visitorConversation(["one", "two", "three"])
        const { status, data } = await get(`/conversation/${conversationId}`)
        expect(status).toBe(200)
        expect(data).toMatchObject({ conversation_id: conversationId, status: "waiting" })
        expect(data.messages.map((m: { message: string }) => m.message)).toEqual(["one", "two", "three"])

        const newer = await get(`/conversation/${conversationId}?since_id=${data.messages[0].message_id}`)
        expect(newer.data.messages.map((m: { message: string }) => m.message)).toEqual(["two", "three"])
      })

      it.each(["999999", "abc", "0", "1.5"])("answers 404 for id %s", async (id) => {
        const response = await get(`/conversation/${id}`)
        expect(response.status).toBe(404)
        expect(response.data.type).toBe("not_found")
      })

      it("answers 400 for an invalid since_id", async () => {
        const { conversationId } = await visitorConversation()
        expect((await get(`/conversation/${conversationId}?since_id=-1`)).status).toBe(400)
      })
    })

    describe("POST /admin/app/v1/reply", () => {
      it("stores an agent message with the admin's first name, reopens the conversation, emits the event", async () => {
        const { shopper, conversationId } = await visitorConversation(["help"])
        const response = await post("/reply", { conversation_id: conversationId, message: " On its way! " })
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ message_id: expect.any(Number), conversation_id: conversationId })
        await expectReplyDelivered(
          getContainer(),
          { shopper, conversationId, events },
          { message_id: response.data.message_id, sender: "agent", author_name: "Ada", message: "On its way!" }
        )
      })

      it.each([
        ["a user without a name", { first_name: "", last_name: "" }],
        ["a user whose only name is a last name", { first_name: "", last_name: "Agent" }],
        ["a user whose first name is an email address", { first_name: "ops@launchdesk.test", last_name: "" }],
      ])("shows %s as Support, never the login email", async (_, names) => {
        const email = "nameless.staff@launchdesk.test"
        const nameless = await createAdmin(api, getContainer(), { email, ...names })
        const { shopper, conversationId } = await visitorConversation(["help"])
        const response = await post("/reply", { conversation_id: conversationId, message: "Hello" }, nameless.bearer)
        expect(response.status).toBe(200)

        const { data } = await shopper.poll(0)
        expect(data.messages.at(-1)).toMatchObject({ sender: "agent", author_name: "Support", message: "Hello" })
        expect(JSON.stringify(data)).not.toContain("@launchdesk.test")
      })

      it("shows a reply sent with a secret API key as Support", async () => {
        const { shopper, conversationId } = await visitorConversation(["help"])
        const response = await post("/reply", { conversation_id: conversationId, message: "Hi" }, admin.secretApiKey)
        expect(response.status).toBe(200)
        expect((await shopper.poll(0)).data.messages.at(-1)).toMatchObject({ sender: "agent", author_name: "Support" })
      })

      it("answers 404 for an unknown conversation and stores nothing", async () => {
        const response = await post("/reply", { conversation_id: 424242, message: "hi" })
        expect(response.status).toBe(404)
        expect(await chat().listMessages({})).toHaveLength(0)
      })

      it.each([
        ["no conversation_id", { message: "hi" }],
        ["an empty message", { conversation_id: 1, message: "  " }],
        ["a message over 5,000 characters", { conversation_id: 1, message: "x".repeat(5001) }],
        ["unknown fields", { conversation_id: 1, message: "hi", sender: "visitor" }],
      ])("answers 400 for %s", async (_, body) => {
        const response = await post("/reply", body)
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
      })
    })

    describe("offline email", () => {
      const notifications = () => getContainer().resolve(Modules.NOTIFICATION).listNotifications({ channel: "email" })
      const goOffline = (conversationId: number) =>
        chat().updateConversations({ id: conversationId, last_seen_at: new Date(Date.now() - 10 * 60 * 1000) })

      it("emails a visitor who left, once per 15 minutes, also when replies race", async () => {
        const { shopper, conversationId } = await visitorConversation(["are you there?"])
        await shopper.email({ email: "gone@example.com" })
        await goOffline(conversationId)

        const replies = await Promise.all(
          ["one", "two", "three"].map((message) => post("/reply", { conversation_id: conversationId, message }))
        )
        expect(replies.map((r) => r.status)).toEqual([200, 200, 200])
        const sent = await notifications()
        expect(sent).toHaveLength(1)
        expect(sent[0]).toMatchObject({
          to: "gone@example.com",
          channel: "email",
          template: "launchdesk.chat.reply",
          data: expect.objectContaining({ conversation_id: conversationId, reply: expect.any(String) }),
        })
      })

      it("does not email a visitor who is still polling, or one without an address", async () => {
        const reading = await visitorConversation(["hi"], "203.0.113.90")
        await reading.shopper.email({ email: "here@example.com" })
        await reading.shopper.poll(0)
        await post("/reply", { conversation_id: reading.conversationId, message: "hello" })

        const anonymous = await visitorConversation(["hi"], "203.0.113.91")
        await goOffline(anonymous.conversationId)
        await post("/reply", { conversation_id: anonymous.conversationId, message: "hello" })

        expect(await notifications()).toHaveLength(0)
      })

      /** A visitor who opened the chat on `pageUrl`, left an address and went away. */
      async function offlineVisitorOn(pageUrl: string, ip: string) {
        const shopper = new VisitorClient(api, publishableKey, ip)
        const { data } = await shopper.session({ page_url: pageUrl })
        await shopper.send({ message: "hello?" })
        await shopper.email({ email: "gone@example.com" })
        await goOffline(data.conversation_id)
        return data.conversation_id as number
      }

      it.each([
        ["a page on another site", "https://evil.test/claim-your-refund", null],
        ["a look-alike of the store's origin", "http://localhost:8000.evil.test/p", null],
        ["a page of the store (its origin is in storeCors)", "http://localhost:8000/products/cap", "http://localhost:8000/products/cap"],
      ])("links the email to the visitor's page only when it is the store's: %s", async (_, pageUrl, link) => {
        const conversationId = await offlineVisitorOn(pageUrl, "203.0.113.92")
        expect((await post("/reply", { conversation_id: conversationId, message: "It shipped" })).status).toBe(200)
        const sent = await notifications()
        expect(sent).toHaveLength(1)
        expect(sent[0].data).toEqual(expect.objectContaining({ conversation_id: conversationId, store_url: link }))
      })

      it("never undoes a stored reply when the email step fails on the database", async () => {
        const conversationId = await offlineVisitorOn("http://localhost:8000/p", "203.0.113.93")
        const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const logger = getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        const warnings: string[] = []
        const warn = jest.spyOn(logger, "warn").mockImplementation((message: string) => {
          warnings.push(message)
        })
        // The email step's claim reads this column; the reply itself does not.
        await knex.raw(`ALTER TABLE chat_conversation RENAME COLUMN last_email_sent_at TO last_email_sent_at_gone`)
        let response
        try {
          response = await post("/reply", { conversation_id: conversationId, message: "Your parcel left today" })
        } finally {
          await knex.raw(`ALTER TABLE chat_conversation RENAME COLUMN last_email_sent_at_gone TO last_email_sent_at`)
          warn.mockRestore()
        }
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ message_id: expect.any(Number), conversation_id: conversationId })

        const replies = await chat().listMessages({ conversation_id: conversationId, sender: "agent" })
        expect(replies.map((message) => message.message)).toEqual(["Your parcel left today"])
        expect((await storedConversation(getContainer(), conversationId)).status).toBe("open")
        expect(await notifications()).toHaveLength(0)
        expect(warnings.some((line) => line.includes(`offline reply email for conversation ${conversationId} failed`))).toBe(true)
      })
    })

    describe("POST /admin/app/v1/close/:id", () => {
      it("closes the conversation and emits the event", async () => {
        const { conversationId } = await visitorConversation()
        const response = await post(`/close/${conversationId}`)
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ success: true })
        expect((await storedConversation(getContainer(), conversationId)).status).toBe("closed")
        const emitted = await waitFor(
          () => events.filter((e) => e.name === CHAT_EVENTS.CONVERSATION_CLOSED),
          (found) => found.length > 0
        )
        expect(emitted[0].data).toEqual({ conversation_id: conversationId })
      })

      it("answers 404 for an unknown conversation", async () => {
        expect((await post("/close/999999")).status).toBe(404)
      })
    })

    describe("POST /admin/app/v1/assign/:id", () => {
      it("assigns to a Medusa user and emits the event", async () => {
        const { conversationId } = await visitorConversation()
        const response = await post(`/assign/${conversationId}`, { assigned_to: admin.userId })
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ success: true, assigned_to: admin.userId })
        expect((await storedConversation(getContainer(), conversationId)).assigned_to).toBe(admin.userId)
        const emitted = await waitFor(
          () => events.filter((e) => e.name === CHAT_EVENTS.CONVERSATION_ASSIGNED),
          (found) => found.length > 0
        )
        expect(emitted[0].data).toEqual({ conversation_id: conversationId, assigned_to: admin.userId })
      })

      it.each([[0], [""], [null], ["0"]])("unassigns with %p", async (value) => {
        const { conversationId } = await visitorConversation()
        await post(`/assign/${conversationId}`, { assigned_to: admin.userId })
        const response = await post(`/assign/${conversationId}`, { assigned_to: value })
        expect(response.data).toEqual({ success: true, assigned_to: null })
        expect((await storedConversation(getContainer(), conversationId)).assigned_to).toBeNull()
      })

      it("answers 400 for a user that does not exist and changes nothing", async () => {
        const { conversationId } = await visitorConversation()
        const response = await post(`/assign/${conversationId}`, { assigned_to: "user_does_not_exist" })
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
        expect((await storedConversation(getContainer(), conversationId)).assigned_to).toBeNull()
      })

      it("answers 400 without assigned_to and 404 for an unknown conversation", async () => {
        const { conversationId } = await visitorConversation()
        expect((await post(`/assign/${conversationId}`, {})).status).toBe(400)
        expect((await post("/assign/999999", { assigned_to: admin.userId })).status).toBe(404)
      })
    })

    describe("canned responses", () => {
      const create = (body: Record<string, unknown>) => post("/canned", body)

      it("creates one, optionally from a visitor message that must exist", async () => {
        const { shopper } = await visitorConversation(["Do you ship to Norway?"])
        const [message] = (await shopper.poll(0)).data.messages
        const created = await create({
          question: "Do you ship to Norway?",
          response: "Yes, in 3-5 days.",
          category: "Shipping",
          source_message_id: message.message_id,
        })
        expect(created.status).toBe(200)
        expect(created.data).toEqual({
          id: expect.any(Number),
          question: "Do you ship to Norway?",
          response: "Yes, in 3-5 days.",
          category: "Shipping",
          translations: {},
          source_message_id: message.message_id,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        })

        const missing = await create({ question: "q", response: "r", source_message_id: 999999 })
        expect(missing.status).toBe(400)
        expect(missing.data.type).toBe("invalid_data")
        expect(await chat().listCannedResponses({})).toHaveLength(1)
      })

      it.each([
        ["no question", { response: "r" }],
        ["an empty response", { question: "q", response: " " }],
        ["unknown fields", { question: "q", response: "r", id: 5 }],
      ])("answers 400 for %s", async (_, body) => {
        expect((await create(body)).status).toBe(400)
      })

      it("lists with search, category filter and pagination", async () => {
        await create({ question: "Shipping times", response: "3-5 days", category: "Shipping" })
        await create({ question: "Returns", response: "30 days, free shipping back", category: "Returns" })
        await create({ question: "Sizes", response: "See the size chart" })

        const all = await get("/canned")
        expect(all.data).toMatchObject({ total: 3, per_page: 20, page: 1, total_pages: 1 })
        expect(all.data.items.map((c: { question: string }) => c.question)).toEqual(["Returns", "Shipping times", "Sizes"])
        const questions = async (query: string) =>
          (await get(`/canned?${query}`)).data.items.map((c: { question: string }) => c.question)
        expect(await questions("search=shipping")).toEqual(["Returns", "Shipping times"])
        expect(await questions("category=Shipping")).toEqual(["Shipping times"])
        expect(await questions("per_page=1&page=2")).toEqual(["Shipping times"])
        expect((await get("/canned?page=5")).data).toMatchObject({ items: [], total: 3 })
      })

      it("updates with PUT and PATCH, deletes, and answers 404 for unknown ids", async () => {
        const { data: canned } = await create({ question: "Old", response: "Old answer", category: "A" })
        const put = await api.put(`${BASE}/canned/${canned.id}`, { question: "New" }, as())
        expect(put.status).toBe(200)
        expect(put.data).toMatchObject({ id: canned.id, question: "New", response: "Old answer", category: "A" })
        const patch = await api.patch(`${BASE}/canned/${canned.id}`, { response: "New answer", category: null }, as())
        expect(patch.data).toMatchObject({ question: "New", response: "New answer", category: null })

        expect((await api.put(`${BASE}/canned/999999`, { question: "x" }, as())).status).toBe(404)
        expect((await api.patch(`${BASE}/canned/abc`, { question: "x" }, as())).status).toBe(404)
        expect((await api.put(`${BASE}/canned/${canned.id}`, { question: "" }, as())).status).toBe(400)

        const removed = await api.delete(`${BASE}/canned/${canned.id}`, as())
        expect(removed.data).toEqual({ success: true })
        expect((await api.delete(`${BASE}/canned/${canned.id}`, as())).status).toBe(404)
        expect((await get("/canned")).data.total).toBe(0)
      })
    })
  },
})
