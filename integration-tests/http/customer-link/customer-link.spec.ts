import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import jwt from "jsonwebtoken"
import { Modules } from "@medusajs/framework/utils"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { chatModule, storedConversation, type RecordedEvent } from "../../utils/chat"
import { signedInCustomer, sessionCookieFor } from "../../utils/customer"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient, VISITOR_BASE } from "../../utils/visitor-client"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { openSse } from "../../utils/sse"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(120 * 1000)

type Customer = { id: string; token: string; sessionCookie: string }

// CONTRACT §6: a conversation is linked to the signed-in customer whose authentication a visitor
// route saw, once, and is then readable only with that customer's authentication. A guest's
// conversation with something in it is linked only when the customer asks (POST /session/link).
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    let publishableKey: string
    const fastLane = fastLaneForSpec(dbConfig)
    const events: RecordedEvent[] = []
    let subscribed = false

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      events.length = 0
      if (subscribed) return
      getContainer()
        .resolve(Modules.EVENT_BUS)
        .subscribe(CHAT_EVENTS.CONVERSATION_CUSTOMER_LINKED, async (event: RecordedEvent) => {
          events.push({ name: event.name, data: event.data })
        })
      subscribed = true
    })

    /** A registered customer, signed in both ways Medusa offers: a bearer token and a session cookie. */
    async function signedInBothWays(): Promise<Customer> {
      const customer = await signedInCustomer(api, publishableKey)
      return { id: customer.id, token: customer.token, sessionCookie: await sessionCookieFor(api, customer.token) }
    }

    const linkedEvents = (conversationId: number) =>
      events.filter((event) => event.data.conversation_id === conversationId)

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))
      const laneUrl = () => (lane === "medusa" ? (api.defaults.baseURL as string) : fastLane().url)
      const visitor = () => new VisitorClient(laneApi(), publishableKey, "203.0.113.77")

      it("never links a guest's conversation with messages to the next shopper who signs in: it offers it", async () => {
        const customer = await signedInBothWays()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        expect(session).not.toHaveProperty("link_offer")
        await shopper.send({ message: "Where is my order? I am Grace, 4 Guest Lane" })

        // A shared computer: the next person signs in on the same browser.
        shopper.auth = { bearer: customer.token }
        const polled = await shopper.poll(0)
        expect(polled.status).toBe(200)
        expect(polled.data.link_offer).toEqual({ conversation_id: session.conversation_id })
        expect((await shopper.send({ message: "It is order 12" })).status).toBe(200)
        const again = await shopper.session()
        expect(again.data.conversation_id).toBe(session.conversation_id)
        expect(again.data.link_offer).toEqual({ conversation_id: session.conversation_id })
        expect(again.data.messages.map((m: { message: string }) => m.message)).toEqual([
          "Where is my order? I am Grace, 4 Guest Lane",
          "It is order 12",
        ])
        const stream = await openSse(`${laneUrl()}${VISITOR_BASE}/stream`, shopper.headers())
        expect(stream.status).toBe(200)
        stream.close()
        expect((await storedConversation(getContainer(), session.conversation_id)).customer_id).toBeNull()

        // Signed out again, the cookie's guest still has it.
        shopper.auth = undefined
        const guestPoll = await shopper.poll(0)
        expect(guestPoll.status).toBe(200)
        expect(guestPoll.data).not.toHaveProperty("link_offer")
        expect(guestPoll.data.messages).toHaveLength(2)
      })

      it("never links silently a guest conversation that holds only an email address", async () => {
        const customer = await signedInBothWays()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        expect((await shopper.email({ email: "guest@example.com" })).status).toBe(200)
        shopper.auth = { bearer: customer.token }
        const polled = await shopper.poll(0)
        expect(polled.data.link_offer).toEqual({ conversation_id: session.conversation_id })
        expect((await storedConversation(getContainer(), session.conversation_id)).customer_id).toBeNull()
      })

      it("links an unused guest conversation at sign-in without asking, and emits the event once", async () => {
        const customer = await signedInBothWays()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        shopper.auth = { bearer: customer.token }
        const polled = await shopper.poll(0)
        expect(polled.status).toBe(200)
        expect(polled.data).not.toHaveProperty("link_offer")
        expect((await storedConversation(getContainer(), session.conversation_id)).customer_id).toBe(customer.id)
        expect((await shopper.session()).data).not.toHaveProperty("link_offer")
        const emitted = await waitFor(() => linkedEvents(session.conversation_id), (found) => found.length > 0)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(emitted).toEqual([
          {
            name: CHAT_EVENTS.CONVERSATION_CUSTOMER_LINKED,
            data: { conversation_id: session.conversation_id, customer_id: customer.id },
          },
        ])
        expect(linkedEvents(session.conversation_id)).toHaveLength(1)
      })

      it("keeps the offered conversation on POST /session/link: linked once, one event, then the customer's only", async () => {
        const customer = await signedInBothWays()
        const other = await signedInBothWays()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        await shopper.send({ message: "Do you ship to Norway?" })

        // Refusals first: each changes nothing.
        const guestTry = await shopper.link({ conversation_id: session.conversation_id })
        expect(guestTry.status).toBe(401)
        expect(guestTry.data).toEqual({ type: "unauthorized", message: expect.any(String) })
        shopper.auth = { bearer: customer.token }
        for (const [body, status] of [
          [{ conversation_id: session.conversation_id, customer_id: other.id }, 400],
          [{ conversation_id: "x" }, 400],
          [{ conversation_id: session.conversation_id + 1000 }, 409],
        ] as const) {
          const refused = await shopper.link(body)
          expect(refused.status).toBe(status)
        }
        const cookieless = visitor()
        cookieless.auth = { bearer: customer.token }
        expect((await cookieless.link({ conversation_id: session.conversation_id })).status).toBe(403)
        expect((await storedConversation(getContainer(), session.conversation_id)).customer_id).toBeNull()

        const kept = await shopper.link({ conversation_id: session.conversation_id })
        expect(kept.status).toBe(200)
        expect(kept.data).toEqual({ success: true, conversation_id: session.conversation_id })
        expect((await storedConversation(getContainer(), session.conversation_id)).customer_id).toBe(customer.id)
        // Asked again (a second tab): the same answer, no second link.
        expect((await shopper.link({ conversation_id: session.conversation_id })).data).toEqual(kept.data)
        const resumed = await shopper.session()
        expect(resumed.data.conversation_id).toBe(session.conversation_id)
        expect(resumed.data).not.toHaveProperty("link_offer")
        expect(resumed.data.messages.map((m: { message: string }) => m.message)).toEqual(["Do you ship to Norway?"])

        const emitted = await waitFor(() => linkedEvents(session.conversation_id), (found) => found.length > 0)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(emitted).toEqual([
          {
            name: CHAT_EVENTS.CONVERSATION_CUSTOMER_LINKED,
            data: { conversation_id: session.conversation_id, customer_id: customer.id },
          },
        ])
        expect(linkedEvents(session.conversation_id)).toHaveLength(1)

        // Now the customer's: a guest or another customer on the cookie is refused.
        for (const auth of [undefined, { bearer: other.token }]) {
          shopper.auth = auth
          expect((await shopper.poll(0)).status).toBe(403)
          expect((await shopper.link({ conversation_id: session.conversation_id })).status).toBe(auth ? 403 : 401)
        }
      })

      it("starts a new conversation for the customer on POST /session with new_conversation; the guest's stays a guest's", async () => {
        const customer = await signedInBothWays()
        const shopper = visitor()
        const { data: guest } = await shopper.session()
        await shopper.send({ message: "a guest's question" })
        const guestCookie = shopper.visitorHash
        shopper.auth = { bearer: customer.token }
        expect((await shopper.session({ new_conversation: "yes" })).status).toBe(400)

        const fresh = await shopper.session({ new_conversation: true })
        expect(fresh.status).toBe(200)
        expect(fresh.data.conversation_id).not.toBe(guest.conversation_id)
        expect(fresh.data.messages).toEqual([])
        expect(fresh.data).not.toHaveProperty("link_offer")
        expect(shopper.visitorHash).not.toBe(guestCookie)
        expect((await storedConversation(getContainer(), fresh.data.conversation_id)).customer_id).toBe(customer.id)
        expect((await storedConversation(getContainer(), guest.conversation_id)).customer_id).toBeNull()
        await waitFor(() => linkedEvents(fresh.data.conversation_id), (found) => found.length === 1)
        expect(linkedEvents(guest.conversation_id)).toEqual([])

        // The old cookie still opens the guest's conversation, for a guest.
        const guestAgain = visitor()
        guestAgain.visitorHash = guestCookie
        const { data } = await guestAgain.poll(0)
        expect(data.messages.map((m: { message: string }) => m.message)).toEqual(["a guest's question"])
      })

      it("links a new conversation of a signed-in shopper at once", async () => {
        const customer = await signedInBothWays()
        const shopper = visitor()
        shopper.auth = { bearer: customer.token }
        const { data } = await shopper.session()
        expect((await storedConversation(getContainer(), data.conversation_id)).customer_id).toBe(customer.id)
        await waitFor(() => linkedEvents(data.conversation_id), (found) => found.length === 1)
      })

      it("on a shared computer, never shows a customer's conversation to the next person", async () => {
        const first = await signedInBothWays()
        const second = await signedInBothWays()
        const shopper = visitor()
        shopper.auth = { bearer: first.token }
        const { data: own } = await shopper.session()
        await shopper.send({ message: "my address is 1 Private Road" })
        const oldCookie = shopper.visitorHash!

        for (const auth of [undefined, { bearer: second.token }]) {
          const next = visitor()
          next.visitorHash = oldCookie
          next.auth = auth
          for (const refused of [
            await next.poll(0),
            await next.send({ message: "hi" }),
            await next.email({ email: "next@example.com" }),
            await next.autoReply({ question: "where is it?" }),
          ]) {
            expect(refused.status).toBe(403)
            expect(refused.data).toEqual({ type: "not_allowed", message: expect.stringContaining("customer account") })
          }
          const stream = await openSse(`${laneUrl()}${VISITOR_BASE}/stream`, next.headers())
          expect(stream.status).toBe(403)
          stream.close()

          const fresh = await next.session()
          expect(fresh.status).toBe(200)
          expect(fresh.data.conversation_id).not.toBe(own.conversation_id)
          expect(fresh.data.messages).toEqual([])
          expect(next.visitorHash).not.toBe(oldCookie)
        }
        const stored = await storedConversation(getContainer(), own.conversation_id)
        expect(stored.customer_id).toBe(first.id)
        expect(stored.email).toBeNull()
        const { data } = await shopper.poll(0)
        expect(data.messages.map((m: { message: string }) => m.message)).toEqual(["my address is 1 Private Road"])
      })

      it("refuses a customer_id in a body and stores nothing", async () => {
        const shopper = visitor()
        const { data } = await shopper.session()
        for (const refused of [
          await shopper.session({ customer_id: "cus_forged" }),
          await shopper.send({ message: "hi", customer_id: "cus_forged" }),
          await shopper.email({ email: "a@example.com", customer_id: "cus_forged" }),
        ]) {
          expect(refused.status).toBe(400)
          expect(refused.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        }
        const stored = await storedConversation(getContainer(), data.conversation_id)
        expect(stored.customer_id).toBeNull()
        expect(stored.email).toBeNull()
        expect((await chatModule(getContainer()).listMessages({ conversation_id: data.conversation_id })).length).toBe(0)
      })

      it("counts a forged or expired token as a guest: it links nothing and opens no linked conversation", async () => {
        const customer = await signedInBothWays()
        const owner = visitor()
        owner.auth = { bearer: customer.token }
        const { data: own } = await owner.session()

        const [header, payload] = customer.token.split(".")
        const forged = `${header}.${payload}.${Buffer.from("not the signature").toString("base64url")}`
        const intruder = visitor()
        intruder.visitorHash = owner.visitorHash
        intruder.auth = { bearer: forged }
        expect((await intruder.poll(0)).status).toBe(403)

        // Signed with the store's own secret (medusa-config.ts), only out of date.
        const claims = jwt.decode(customer.token) as Record<string, unknown>
        const expired = jwt.sign(
          { ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
          process.env.JWT_SECRET || "supersecret"
        )
        intruder.auth = { bearer: expired }
        expect((await intruder.poll(0)).status).toBe(403)

        for (const bearer of [forged, expired]) {
          const guest = visitor()
          guest.auth = { bearer }
          const { data } = await guest.session()
          expect((await storedConversation(getContainer(), data.conversation_id)).customer_id).toBeNull()
          expect(data.conversation_id).not.toBe(own.conversation_id)
        }
        // The same claims, still in date, are the customer: the expiry alone made the difference.
        intruder.auth = { bearer: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }, process.env.JWT_SECRET || "supersecret") }
        expect((await intruder.poll(0)).status).toBe(200)
      })

      if (lane === "medusa") {
        it("links by the store's session cookie as well", async () => {
          const customer = await signedInBothWays()
          const shopper = visitor()
          const { data } = await shopper.session()
          shopper.auth = { sessionCookie: customer.sessionCookie }
          expect((await shopper.send({ message: "signed in by session" })).status).toBe(200)
          expect((await storedConversation(getContainer(), data.conversation_id)).customer_id).toBe(customer.id)
        })
      } else {
        it("never serves a linked conversation on a session it cannot verify (Medusa's sessions are in memory here)", async () => {
          const customer = await signedInBothWays()
          const shopper = visitor()
          shopper.auth = { bearer: customer.token }
          await shopper.session()
          shopper.auth = { sessionCookie: customer.sessionCookie }
          expect((await shopper.poll(0)).status).toBe(403)
        })
      }
    })
  },
})
