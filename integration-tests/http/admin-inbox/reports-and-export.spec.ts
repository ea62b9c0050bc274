// The support reports and the message export (CONTRACT §11), over conversations written
// straight into the tables with known times, so every figure is computed by hand here.
import http from "node:http"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { createAdmin, type AdminCredentials } from "../../utils/admin"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"
const RANGE = "from=2026-10-01&to=2026-11-01"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    const get = (path: string, extra: Record<string, unknown> = {}) =>
      api.get(`${BASE}${path}`, { headers: admin.bearer, validateStatus: () => true, ...extra })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    type ConversationFields = { status?: string; assigned_to?: string; labels?: string[]; created_at: string; closed_at?: string; email?: string }

    async function conversation(fields: ConversationFields, messages: [sender: string, at: string, text: string][]) {
      const [{ id }] = (
        await knex().raw<{ rows: { id: number }[] }>(
          `INSERT INTO chat_conversation (visitor_hash, status, assigned_to, labels, created_at, closed_at, email, updated_at)
           VALUES (?, ?, ?, ARRAY(SELECT jsonb_array_elements_text(?::jsonb)), ?, ?, ?, now()) RETURNING id`,
          [
            `hash-${Math.random()}`,
            fields.status ?? "open",
            fields.assigned_to ?? null,
            JSON.stringify(fields.labels ?? []),
            fields.created_at,
            fields.closed_at ?? null,
            fields.email ?? null,
          ]
        )
      ).rows
      for (const [sender, at, text] of messages) {
        await knex().raw(
          `INSERT INTO chat_message (conversation_id, sender, author_name, message, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
          [id, sender, sender === "agent" ? "Sam" : null, text, at, at]
        )
      }
      return id as number
    }

    async function rating(conversationId: number, score: number) {
      await knex().raw(`INSERT INTO chat_rating (conversation_id, closed_at, score, created_at, updated_at) VALUES (?, now(), ?, now(), now())`, [
        conversationId,
        score,
      ])
    }

    /** Three conversations in October, one in September (outside every range asked for below). */
    async function october() {
      const answered = await conversation(
        {
          status: "closed",
          assigned_to: admin.userId,
          labels: ["refund"],
          created_at: "2026-10-01T10:00:00Z",
          closed_at: "2026-10-01T11:00:00Z",
          email: "ada@example.com",
        },
        [
          ["visitor", "2026-10-01T10:00:00Z", "=HYPERLINK(\"http://evil.example\")"],
          ["agent", "2026-10-01T10:01:00Z", "Refund sent, line one\nline two, \"quoted\""],
        ]
      )
      const bridged = await conversation({ labels: ["refund", "vip"], created_at: "2026-10-02T10:00:00Z" }, [
        ["auto", "2026-10-02T09:59:59Z", "An automatic answer is nobody's first response"],
        ["visitor", "2026-10-02T10:00:00Z", "Is it in stock?"],
        ["bridge", "2026-10-02T10:05:00Z", "Yes"],
      ])
      const waiting = await conversation({ status: "waiting", created_at: "2026-10-03T10:00:00Z" }, [
        ["visitor", "2026-10-03T10:00:00Z", "Hello?"],
      ])
      const september = await conversation({ labels: ["refund"], created_at: "2026-09-15T10:00:00Z" }, [
        ["visitor", "2026-09-15T10:00:00Z", "September"],
        ["agent", "2026-09-15T12:00:00Z", "Late"],
      ])
      await rating(answered, 5)
      await rating(bridged, 2)
      await rating(september, 1)
      return { answered, bridged, waiting, september }
    }

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    describe("GET /reports", () => {
      it("reports response and resolution times, ratings, per agent and per label, for the conversations started in the range", async () => {
        await october()
        const report = await get(`/reports?${RANGE}`)
        expect(report.status).toBe(200)
        expect(report.data).toEqual({
          conversations: 3,
          // 60 s and 300 s (the waiting one has no answer yet): p50 180, p90 60 + 0.9 × 240.
          first_response_seconds: { p50: 180, p90: 276 },
          // Only the closed one: an hour.
          resolution_seconds: { p50: 3600, p90: 3600 },
          rating: { average: 3.5, count: 2 },
          by_agent: [{ user_id: admin.userId, name: expect.any(String), conversations: 1, first_response_p50: 60 }],
          by_label: [
            { label: "refund", conversations: 2 },
            { label: "vip", conversations: 1 },
          ],
        })
      })

      it("answers zeros and nulls for a range without conversations, and takes the last 30 days by default", async () => {
        await october()
        expect((await get("/reports?from=2020-01-01&to=2020-02-01")).data).toEqual({
          conversations: 0,
          first_response_seconds: { p50: null, p90: null },
          resolution_seconds: { p50: null, p90: null },
          rating: { average: null, count: 0 },
          by_agent: [],
          by_label: [],
        })
        expect((await get("/reports")).status).toBe(200)
      })

      it.each([
        ["a date that is not one", "from=yesterday"],
        ["a month that does not exist", "from=2026-13-01"],
        ["from after to", "from=2026-11-01&to=2026-10-01"],
        ["from equal to to", "from=2026-10-01&to=2026-10-01"],
        ["an unknown parameter", `${RANGE}&format=xml`],
        ["a repeated parameter", "from=2026-10-01&from=2026-10-02"],
      ])("refuses %s with 400", async (_case, query) => {
        const answer = await get(`/reports?${query}`)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
      })
    })

    describe("GET /reports/breakdown", () => {
      it("splits the range per day, per assignee and per label, each with its response and resolution percentiles", async () => {
        await october()
        const breakdown = await get(`/reports/breakdown?${RANGE}`)
        expect(breakdown.status).toBe(200)
        const none = { p50: null, p90: null }
        const hour = { p50: 3600, p90: 3600 }
        expect(breakdown.data).toEqual({
          // Oldest first; September's conversation is outside the range.
          days: [
            { key: "2026-10-01", conversations: 1, first_response_seconds: { p50: 60, p90: 60 }, resolution_seconds: hour },
            { key: "2026-10-02", conversations: 1, first_response_seconds: { p50: 300, p90: 300 }, resolution_seconds: none },
            { key: "2026-10-03", conversations: 1, first_response_seconds: none, resolution_seconds: none },
          ],
          agents: [
            { key: admin.userId, name: expect.any(String), conversations: 1, first_response_seconds: { p50: 60, p90: 60 }, resolution_seconds: hour },
          ],
          labels: [
            // 60 s and 300 s: p50 180, p90 60 + 0.9 × 240; only the closed one has a resolution.
            { key: "refund", conversations: 2, first_response_seconds: { p50: 180, p90: 276 }, resolution_seconds: hour },
            { key: "vip", conversations: 1, first_response_seconds: { p50: 300, p90: 300 }, resolution_seconds: none },
          ],
        })
      })

      it("counts a conversation on the UTC day it started, and answers empty lists for a range without conversations", async () => {
        await conversation({ created_at: "2026-10-04T23:30:00-02:00" }, [["visitor", "2026-10-05T01:30:00Z", "Late evening in the west"]])
        const days = (await get(`/reports/breakdown?${RANGE}`)).data.days as { key: string }[]
        expect(days.map((day) => day.key)).toEqual(["2026-10-05"])
        expect((await get("/reports/breakdown?from=2020-01-01&to=2020-02-01")).data).toEqual({ days: [], agents: [], labels: [] })
      })

      it.each([
        ["a date that is not one", "from=yesterday"],
        ["from after to", "from=2026-11-01&to=2026-10-01"],
        ["an unknown parameter", `${RANGE}&by=week`],
      ])("refuses %s with 400", async (_case, query) => {
        const answer = await get(`/reports/breakdown?${query}`)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
      })
    })

    describe("GET /conversations/export", () => {
      it("streams one CSV row a message, formula-safe and quoted, without internal notes or other months", async () => {
        const { answered } = await october()
        expect((await api.post(`${BASE}/conversation/${answered}/notes`, { text: "secret staff note" }, { headers: admin.bearer })).status).toBe(200)

        const csv = await get(`/conversations/export?${RANGE}`, { responseType: "text" })
        expect(csv.status).toBe(200)
        expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
        expect(csv.headers["content-disposition"]).toBe('attachment; filename="conversations.csv"')
        const text = csv.data as string
        const lines = text.trim().split("\n")
        expect(lines[0]).toBe(
          "conversation_id,conversation_status,email,customer_id,locale,labels,assigned_to,message_id,sender,author_name,message,page_url,created_at"
        )
        // The formula is neutralised with a leading quote; newlines and quotes stay inside one quoted cell.
        expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
        expect(text).toContain(`"Refund sent, line one\nline two, ""quoted"""`)
        expect(text).toContain(`,"refund, vip",`)
        expect(text).toContain("2026-10-01T10:01:00.000Z")
        expect(text).not.toContain("September")
        expect(text).not.toContain("secret staff note")
        // Six messages in the range (two, three and one): a header line and six rows, one of them two lines long.
        expect(lines).toHaveLength(1 + 6 + 1)
      })

      it("reads past its batches: 2,500 messages of one conversation come out whole and in order", async () => {
        const id = await conversation({ created_at: "2026-10-05T10:00:00Z" }, [])
        await knex().raw(
          `INSERT INTO chat_message (conversation_id, sender, message, created_at, updated_at)
           SELECT ?, 'visitor', 'message ' || g, now(), now() FROM generate_series(1, 2500) g`,
          [id]
        )
        const csv = await get(`/conversations/export?${RANGE}`, { responseType: "text" })
        const rows = (csv.data as string).trim().split("\n").slice(1)
        expect(rows).toHaveLength(2500)
        expect(rows.map((row) => Number(/message (\d+)/.exec(row)?.[1]))).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1))
      })

      it("lets go of clients that hang up in the middle: more of them than the pool has connections, and the next one is answered", async () => {
        const id = await conversation({ created_at: "2026-10-05T10:00:00Z" }, [])
        await knex().raw(
          `INSERT INTO chat_message (conversation_id, sender, message, created_at, updated_at)
           SELECT ?, 'visitor', repeat('x', 2000), now(), now() FROM generate_series(1, 5000) g`,
          [id]
        )
        // A plain request, read only until its first bytes and then cut off (the checked client reads bodies whole).
        const hangUpAfterFirstBytes = () =>
          new Promise<number>((resolve, reject) => {
            const request = http.get(
              new URL(`${BASE}/conversations/export?${RANGE}`, api.defaults.baseURL),
              { headers: admin.bearer },
              (response) => {
                response.once("data", () => {
                  request.destroy()
                  resolve(response.statusCode ?? 0)
                })
              }
            )
            request.on("error", (error) => (request.destroyed ? undefined : reject(error)))
          })
        for (let i = 0; i < 12; i++) expect(await hangUpAfterFirstBytes()).toBe(200)

        // Had an export kept a connection for each client gone, the pool would be empty by now.
        const next = await get(`/conversations/export?from=2020-01-01&to=2020-02-01`, { responseType: "text" })
        expect(next.status).toBe(200)
        expect((next.data as string).trim().split("\n")).toHaveLength(1)
        expect((await get(`/reports?${RANGE}`)).data.conversations).toBe(1)
      })

      it("refuses a bad range with 400", async () => {
        expect((await get("/conversations/export?from=2026-11-01&to=2026-10-01")).status).toBe(400)
        expect((await get("/conversations/export?to=not-a-date")).status).toBe(400)
      })
    })
  },
})
