// Over 300 lines on purpose: one spec for the visitor routes, each case run on both lanes against one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { chatModule, storedConversation } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient, VISITOR_BASE } from "../../utils/visitor-client"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { freshLimitWindow } from "../../utils/limit-window"
import { saveChatSettings, type AdminUpdateChatSettingsType } from "../../../src/chat/settings"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../src/modules/launchdesk"

jest.setTimeout(120 * 1000)

// Every case runs against Medusa's routes and against the fast lane (src/fast-lane), which
// serves the same paths over the same database: both must answer alike.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    let publishableKey: string
    const fastLane = fastLaneForSpec(dbConfig)
    const chat = () => chatModule(getContainer())
    const conversation = (id: number) => storedConversation(getContainer(), id)

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    /** Saves chat settings as the admin's settings page does. */
    const saveChatHours = async (body: AdminUpdateChatSettingsType) =>
      saveChatSettings(await getContainer().resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settings(), body, chatModule(getContainer()).options)

    afterEach(() => saveChatHours({ business_hours: null, away_message: null }))

    describe("POST /store/app/v1/session at a change of the clocks", () => {
      // Only the date is faked, for the request on Medusa's lane (the fast lane is a process of its own).
      const NOT_THE_DATE = ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] as const
      afterEach(() => jest.useRealTimers())

      it("answers the next opening at 09:00 local across the spring change (Berlin, 28 March 2027)", async () => {
        const weekdays = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open: "09:00", close: "17:00" }]]))
        await saveChatHours({ business_hours: { time_zone: "Europe/Berlin", weekly: weekdays, holidays: [] } })
        const ask = async (now: string) => {
          jest.useFakeTimers({ now: new Date(now), doNotFake: [...NOT_THE_DATE] })
          try {
            return (await new VisitorClient(api, publishableKey).session()).data.availability
          } finally {
            jest.useRealTimers()
          }
        }
        // Saturday noon, before the change: Monday 09:00 CEST is 07:00Z (it was 08:00Z a week before).
        expect(await ask("2027-03-27T12:00:00Z")).toEqual({ online: false, next_open_at: "2027-03-29T07:00:00.000Z" })
        expect(await ask("2027-03-20T12:00:00Z")).toEqual({ online: false, next_open_at: "2027-03-22T08:00:00.000Z" })
        expect(await ask("2027-03-29T07:00:00Z")).toEqual({ online: true, next_open_at: null })
      })
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))
      const visitor = (ip?: string) => new VisitorClient(laneApi(), publishableKey, ip)

      describe("POST /store/app/v1/session", () => {
        it("creates an open conversation and sets an unguessable HttpOnly cookie", async () => {
          const shopper = visitor()
          const response = await shopper.session({ page_url: "https://shop.test/products/tee" })

          expect(response.status).toBe(200)
          expect(response.data).toEqual({
            conversation_id: expect.any(Number),
            visitor_hash: shopper.visitorHash,
            messages: [],
            has_more: false,
            status: "open",
            // No language asked, none offered: the store's default, and no store texts.
            locale: "en",
            texts: {},
            // Nobody of the store has read anything yet.
            read_up_to: null,
            // No hours configured: always open.
            availability: { online: true, next_open_at: null },
          })
          // 32 random bytes in base64url: 256 bits.
          expect(shopper.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
          const cookie = response.headers["set-cookie"]!.find((line: string) => line.startsWith("app_visitor_hash="))!
          expect(cookie).toContain("HttpOnly")
          expect(cookie).toContain("SameSite=Lax")
          expect(cookie).toContain("Path=/")
          expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`)

          const [stored] = await chat().listConversations({ id: response.data.conversation_id })
          expect(stored.page_url).toBe("https://shop.test/products/tee")
          expect(stored.status).toBe("open")
        })

        it("resumes the cookie's conversation with its messages, oldest first", async () => {
          const shopper = visitor()
          const first = await shopper.session()
          await shopper.send({ message: "first" })
          await shopper.send({ message: "second" })

          const again = await shopper.session()
          expect(again.data.conversation_id).toBe(first.data.conversation_id)
          expect(again.data.status).toBe("waiting")
          expect(again.data.messages.map((m: { message: string }) => m.message)).toEqual(["first", "second"])
          expect(again.data.messages[0]).toEqual({
            message_id: expect.any(Number),
            conversation_id: first.data.conversation_id,
            sender: "visitor",
            author_name: null,
            message: "first",
            page_url: null,
            created_at: expect.any(String),
            attachments: [],
          })
        })

        it("returns the latest 200 messages only", async () => {
          const shopper = visitor()
          const { data } = await shopper.session()
          const store = await chat().conversations()
          for (let i = 1; i <= 205; i++) {
            await store.insertMessage({ conversation_id: data.conversation_id, sender: "visitor", message: `m${i}` })
          }
          const again = await shopper.session()
          expect(again.data.messages).toHaveLength(200)
          expect(again.data.messages[0].message).toBe("m6")
          expect(again.data.messages[199].message).toBe("m205")
          expect(again.data.has_more).toBe(true)
        })

        it("starts a new conversation for a cookie it never issued", async () => {
          const shopper = visitor()
          shopper.visitorHash = "A".repeat(43)
          const response = await shopper.session()
          expect(response.status).toBe(200)
          expect(response.data.visitor_hash).not.toBe("A".repeat(43))
          expect(await chat().listConversations({ visitor_hash: "A".repeat(43) })).toHaveLength(0)
        })

        it("rejects unknown fields with 400 and Medusa's error body", async () => {
          const response = await visitor().session({ visitor_hash: "chosen-by-client" })
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.stringContaining("visitor_hash") })
          expect(await chat().listConversations({})).toHaveLength(0)
        })

        it("requires the publishable key, as every /store route", async () => {
          const response = await laneApi().post(`${VISITOR_BASE}/session`, {}, { validateStatus: () => true })
          expect(response.status).toBe(400)
          expect(response.data.type).toBe("not_allowed")
        })

        it("allows 10 per minute per IP, then 429 with Retry-After", async () => {
          await freshLimitWindow()
          for (let i = 0; i < 10; i++) {
            expect((await visitor("198.51.100.7").session()).status).toBe(200)
          }
          const refused = await visitor("198.51.100.7").session()
          expect(refused.status).toBe(429)
          expect(refused.data).toEqual({ type: "too_many_requests", message: expect.any(String) })
          const retryAfter = Number(refused.headers["retry-after"])
          expect(retryAfter).toBeGreaterThanOrEqual(1)
          expect(retryAfter).toBeLessThanOrEqual(60)
          expect(await chat().listConversations({})).toHaveLength(10)

          // Another IP has its own budget.
          expect((await visitor("198.51.100.8").session()).status).toBe(200)
        })

        it("answers the chat's availability: outside the hours, the next opening and the store's away message", async () => {
          const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
          const allDay = [{ open: "00:00", close: "24:00" }]
          // Open around the clock but for yesterday, today and tomorrow (UTC): whenever this runs, the
          // next opening is the day after tomorrow at midnight.
          await saveChatHours({
            business_hours: {
              time_zone: "UTC",
              weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
              holidays: [day(-1), day(0), day(1)],
            },
            away_message: "We are away until Monday. Leave your email and we will answer.",
          })
          const away = await visitor().session()
          expect(away.data.availability).toEqual({ online: false, next_open_at: `${day(2)}T00:00:00.000Z` })
          expect(away.data.away_message).toBe("We are away until Monday. Leave your email and we will answer.")
          // The inbox shows that it started after hours.
          expect((await conversation(away.data.conversation_id)).after_hours).toBe(true)

          await saveChatHours({
            business_hours: { time_zone: "UTC", weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay }, holidays: [] },
          })
          const open = await visitor().session()
          expect(open.data.availability).toEqual({ online: true, next_open_at: null })
          expect(open.data).not.toHaveProperty("away_message")
          expect((await conversation(open.data.conversation_id)).after_hours).toBe(false)
        })
      })

      describe("POST /store/app/v1/send", () => {
        it("stores the message and moves the conversation to waiting", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const response = await shopper.send({ message: "  Where is my order?  ", page_url: "https://shop.test/cart" })

          expect(response.status).toBe(200)
          expect(response.data).toEqual({ message_id: expect.any(Number), conversation_id: session.conversation_id })
          const [message] = await chat().listMessages({ id: response.data.message_id })
          expect(message).toEqual(
            expect.objectContaining({ sender: "visitor", message: "Where is my order?", page_url: "https://shop.test/cart" })
          )
          const stored = await conversation(session.conversation_id)
          expect(stored.status).toBe("waiting")
          expect(stored.last_message_at).not.toBeNull()
        })

        it("reopens a closed conversation as waiting", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          await chat().updateConversations({ id: session.conversation_id, status: "closed" })
          await shopper.send({ message: "One more question" })
          expect((await conversation(session.conversation_id)).status).toBe("waiting")
        })

        it("answers 403 without a cookie, or with one it never issued", async () => {
          const anonymous = visitor()
          expect((await anonymous.send({ message: "hi" })).status).toBe(403)
          anonymous.visitorHash = "B".repeat(43)
          const response = await anonymous.send({ message: "hi" })
          expect(response.status).toBe(403)
          expect(response.data).toEqual({ type: "not_allowed", message: expect.any(String) })
          expect(await chat().listMessages({})).toHaveLength(0)
        })

        it.each([
          ["missing", {}],
          ["empty", { message: "" }],
          ["whitespace only", { message: " \n\t " }],
          ["over 5,000 characters", { message: "x".repeat(5001) }],
          ["not a string", { message: 42 }],
          ["with unknown fields", { message: "hi", admin: true }],
        ])("answers 400 for a message %s and stores nothing", async (_, body) => {
          const shopper = visitor()
          await shopper.session()
          const response = await shopper.send(body)
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.any(String) })
          expect(await chat().listMessages({})).toHaveLength(0)
        })

        it("accepts exactly 5,000 characters", async () => {
          const shopper = visitor()
          await shopper.session()
          expect((await shopper.send({ message: "é".repeat(5000) })).status).toBe(200)
        })

        it("drops a filled honeypot silently: 200, nothing stored, status unchanged", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const response = await shopper.send({ message: "cheap pills", website_url: "http://spam.test" })
          expect(response.status).toBe(200)
          expect(response.data).toEqual({ message_id: null, conversation_id: session.conversation_id })
          expect(await chat().listMessages({})).toHaveLength(0)
          expect((await conversation(session.conversation_id)).status).toBe("open")
        })

        it("allows 15 per minute per IP, then 429 with Retry-After", async () => {
          const shopper = visitor("198.51.100.20")
          await shopper.session()
          await freshLimitWindow()
          for (let i = 0; i < 15; i++) {
            expect((await shopper.send({ message: `m${i}` })).status).toBe(200)
          }
          const refused = await shopper.send({ message: "one too many" })
          expect(refused.status).toBe(429)
          expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1)
          expect(await chat().listMessages({})).toHaveLength(15)
        })

        it("stores text as given: markup is kept as plain text, never interpreted", async () => {
          const shopper = visitor()
          await shopper.session()
          await shopper.send({ message: "<img src=x onerror=alert(1)>" })
          const { data } = await shopper.poll(0)
          expect(data.messages[0].message).toBe("<img src=x onerror=alert(1)>")
        })
      })

      describe("GET /store/app/v1/poll", () => {
        it("returns messages newer than since_id, oldest first", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const ids: number[] = []
          for (const text of ["a", "b", "c"]) {
            ids.push((await shopper.send({ message: text })).data.message_id)
          }
          expect(ids[0]).toBeLessThan(ids[1])
          expect(ids[1]).toBeLessThan(ids[2])

          const all = await shopper.poll()
          expect(all.status).toBe(200)
          expect(all.data.conversation_id).toBe(session.conversation_id)
          expect(all.data.messages.map((m: { message_id: number }) => m.message_id)).toEqual(ids)

          const newer = await shopper.poll(ids[0])
          expect(newer.data.messages.map((m: { message: string }) => m.message)).toEqual(["b", "c"])
          expect((await shopper.poll(ids[2])).data.messages).toEqual([])
        })

        it("records that the visitor is reading (for offline email)", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          expect((await conversation(session.conversation_id)).last_seen_at).toBeNull()
          await shopper.poll(0)
          expect((await conversation(session.conversation_id)).last_seen_at).not.toBeNull()
        })

        it("answers 403 without a cookie", async () => {
          const response = await visitor().poll(0)
          expect(response.status).toBe(403)
          expect(response.data.type).toBe("not_allowed")
        })

        it.each(["-1", "abc", "1.5"])("answers 400 for since_id=%s", async (sinceId) => {
          const shopper = visitor()
          await shopper.session()
          const response = await shopper.poll(sinceId)
          expect(response.status).toBe(400)
          expect(response.data.type).toBe("invalid_data")
        })

        it("is not rate limited", async () => {
          const shopper = visitor("198.51.100.30")
          await shopper.session()
          for (let i = 0; i < 40; i++) {
            expect((await shopper.poll(0)).status).toBe(200)
          }
        })
      })

      describe("POST /store/app/v1/email", () => {
        it("stores the address on the conversation", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const response = await shopper.email({ email: " shopper@example.com " })
          expect(response.status).toBe(200)
          expect(response.data).toEqual({ success: true })
          expect((await conversation(session.conversation_id)).email).toBe("shopper@example.com")
        })

        it("answers 403 without a cookie", async () => {
          expect((await visitor().email({ email: "shopper@example.com" })).status).toBe(403)
        })

        it.each([
          ["missing", {}],
          ["not an address", { email: "not-an-email" }],
          ["over 254 characters", { email: `${"a".repeat(64)}@${"b".repeat(186)}.com` }],
          ["a script", { email: "<script>@x.com" }],
        ])("answers 400 for an email %s and stores nothing", async (_, body) => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const response = await shopper.email(body)
          expect(response.status).toBe(400)
          expect(response.data.type).toBe("invalid_data")
          expect((await conversation(session.conversation_id)).email).toBeNull()
        })
      })

      describe("visitor isolation", () => {
        it("a visitor can neither read nor write another visitor's conversation", async () => {
          const alice = visitor("203.0.113.1")
          const bob = visitor("203.0.113.2")
          const { data: aliceSession } = await alice.session()
          const { data: bobSession } = await bob.session()
          await alice.send({ message: "alice's secret" })

          const bobPoll = await bob.poll(0)
          expect(bobPoll.data.conversation_id).toBe(bobSession.conversation_id)
          expect(bobPoll.data.messages).toEqual([])
          expect((await bob.session()).data.messages).toEqual([])

          // Ids in bodies or queries never select a conversation: only the cookie does.
          const smuggled = await bob.send({ message: "hi", conversation_id: aliceSession.conversation_id })
          expect(smuggled.status).toBe(400)
          await bob.send({ message: "bob's own" })
          const alicePoll = await alice.poll(0)
          expect(alicePoll.data.messages.map((m: { message: string }) => m.message)).toEqual(["alice's secret"])
        })
      })

      describe("no message is missed by a poller", () => {
        it("delivers every message exactly once, in id order, while three writers race", async () => {
          const shopper = visitor()
          const { data: session } = await shopper.session()
          const store = await chat().conversations()
          const perWriter = 40

          let writing = true
          const seen: number[] = []
          const poller = (async () => {
            let sinceId = 0
            // One more poll after the writers finish picks up the last commits.
            for (let last = false; ; ) {
              const { data } = await shopper.poll(sinceId)
              for (const message of data.messages) {
                seen.push(message.message_id)
                sinceId = message.message_id
              }
              if (last) break
              last = !writing
            }
          })()

          const visitorWriter = (async () => {
            for (let i = 0; i < perWriter; i++) {
              // Sends are limited to 15/min per IP: the same browser behind changing IPs.
              const sameBrowser = visitor(`192.0.2.${Math.floor(i / 15) + 1}`)
              sameBrowser.visitorHash = shopper.visitorHash
              const response = await sameBrowser.send({ message: `visitor ${i}` })
              expect(response.status).toBe(200)
            }
          })()
          const storeWriter = (sender: "agent" | "bridge") =>
            Promise.all(
              Array.from({ length: perWriter }, (_, i) =>
                store.insertMessage({
                  conversation_id: session.conversation_id,
                  sender,
                  message: `${sender} ${i}`,
                  next_status: "open",
                })
              )
            )
          await Promise.all([visitorWriter, storeWriter("agent"), storeWriter("bridge")])
          writing = false
          await poller

          const all = (await chat().listMessages({ conversation_id: session.conversation_id }, { order: { id: "ASC" } })).map(
            (m) => m.id
          )
          expect(all).toHaveLength(perWriter * 3)
          expect(seen).toEqual(all)
        })
      })
    })
  },
})
