// The inbox list at scale: word search over the full-text index, fragments over the trigram
// indexes, keyset pages (`cursor` / `next_cursor`) and the capped count.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"

type ListItem = { conversation_id: number }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let visitors = 0

    const get = (path: string) => api.get(`${BASE}${path}`, { headers: admin.bearer, validateStatus: () => true })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const ids = (items: ListItem[]) => items.map((item) => item.conversation_id)
    const search = async (term: string) => ids((await get(`/conversations?search=${encodeURIComponent(term)}`)).data.items)

    /** A shopper (each from an address of their own) who wrote `messages`. */
    async function visitorConversation(messages: string[]) {
      const shopper = new VisitorClient(api, publishableKey, `203.0.113.${100 + visitors++}`)
      const { data } = await shopper.session()
      for (const message of messages) {
        await shopper.send({ message })
      }
      return { shopper, conversationId: data.conversation_id as number }
    }

    /** `count` conversations straight in the table, one second of activity apart (newest first by id). */
    async function seedConversations(count: number, prefix: string, status = "waiting"): Promise<number[]> {
      const { rows } = await knex().raw<{ rows: { id: number }[] }>(
        `INSERT INTO chat_conversation (visitor_hash, status, created_at, updated_at)
         SELECT ? || g, ?, now() - (? - g) * interval '1 second', now() FROM generate_series(1, ?) g
         RETURNING id`,
        [prefix, status, count, count]
      )
      return rows.map((row) => row.id)
    }

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      const container = getContainer()
      publishableKey = await createPublishableKey(container)
    })

    describe("search", () => {
      it("finds a word anywhere in a message, case-insensitively, with every word of the term", async () => {
        const refurbished = await visitorConversation(["Hello", "Is the REFURBISHED model covered by the warranty?"])
        const order = await visitorConversation(["My order #48213 never arrived"])
        await visitorConversation(["Do you ship to Canada?"])

        expect(await search("refurbished")).toEqual([refurbished.conversationId])
        expect(await search("warranty refurbished")).toEqual([refurbished.conversationId])
        expect(await search("48213")).toEqual([order.conversationId])
        // Every word must be there; a part of a word is not a word.
        expect(await search("refurbished canada")).toEqual([])
        expect(await search("refurb")).toEqual([])
      })

      it("still finds fragments: a partial email, `#id`, text with punctuation", async () => {
        const mail = await visitorConversation(["hello"])
        await mail.shopper.email({ email: "jane.doe@example.com" })
        const parcel = await visitorConversation(["Where is my PARCEL 100%?"])
        const other = await visitorConversation(["nothing to see"])

        expect(await search("jane.d")).toEqual([mail.conversationId])
        expect(await search("doe@exa")).toEqual([mail.conversationId])
        expect(await search("jane")).toEqual([mail.conversationId])
        expect(await search(`#${other.conversationId}`)).toEqual([other.conversationId])
        expect(await search("100%")).toEqual([parcel.conversationId])
        expect(await search("parcel 100")).toEqual([parcel.conversationId])
      })
    })

    describe("keyset pages", () => {
      it("walk every conversation once, without gaps or repeats, while new messages and chats arrive", async () => {
        const seeded = await seedConversations(26, "keyset-")
        // Four share one activity instant: the id breaks the tie.
        await knex().raw(
          `UPDATE chat_conversation SET created_at = '2026-01-01T00:00:00.123456Z' WHERE id = ANY(?)`,
          [seeded.slice(10, 14)]
        )
        const seen: number[] = []
        let cursor: string | undefined
        let pages = 0
        do {
          const { status, data } = await get(`/conversations?per_page=5${cursor ? `&cursor=${cursor}` : ""}`)
          expect(status).toBe(200)
          expect(data).toMatchObject({ total: expect.any(Number), per_page: 5, page: 1 })
          seen.push(...ids(data.items))
          cursor = data.next_cursor
          pages++
          // Between pages: a reply lifts a listed conversation to the top, a new chat starts.
          if (cursor) {
            const reply = await api.post(
              `${BASE}/reply`,
              { conversation_id: data.items[0].conversation_id, message: `reply ${pages}` },
              { headers: admin.bearer }
            )
            expect(reply.status).toBe(200)
            await visitorConversation([`new chat ${pages}`])
          }
        } while (cursor)

        expect(pages).toBe(6)
        expect(new Set(seen).size).toBe(seen.length)
        expect([...seen].sort((a, b) => a - b)).toEqual([...seeded].sort((a, b) => a - b))
      })

      it("gives the last page no next_cursor, and refuses a cursor it did not hand out", async () => {
        await seedConversations(3, "last-")
        const first = await get("/conversations?per_page=2")
        expect(first.data.next_cursor).toEqual(expect.any(String))
        const last = await get(`/conversations?per_page=2&cursor=${first.data.next_cursor}`)
        expect(last.data.items).toHaveLength(1)
        expect(last.data).not.toHaveProperty("next_cursor")

        // Junk, a date that does not exist, and an empty one.
        for (const cursor of ["nope", Buffer.from("2026-02-31T00:00:00.000000Z|1").toString("base64url"), ""]) {
          const response = await get(`/conversations?cursor=${encodeURIComponent(cursor)}`)
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        }
      })
    })

    describe("count", () => {
      it("is exact up to 1,000, then stops at 1,000 and says so with count_capped", async () => {
        await seedConversations(1000, "cap-")
        const exact = await get("/conversations?per_page=1")
        expect(exact.data).toMatchObject({ total: 1000, total_pages: 1000 })
        expect(exact.data).not.toHaveProperty("count_capped")

        await seedConversations(5, "more-", "closed")
        const capped = await get("/conversations?per_page=20")
        expect(capped.data).toMatchObject({ total: 1000, count_capped: true, total_pages: 50 })
        // A filter that matches fewer is exact again.
        const closed = await get("/conversations?status=closed")
        expect(closed.data).toMatchObject({ total: 5, total_pages: 1 })
        expect(closed.data).not.toHaveProperty("count_capped")
        // Pages past the capped count still answer: the list goes on.
        const deep = await get("/conversations?per_page=100&page=11")
        expect(deep.data.items).toHaveLength(5)
      })
    })
  },
})
