// Acting on an order from the conversation (CONTRACT §11): cancel and refund through Medusa's own
// workflows on an order the context shows, an event line staff see and the shopper never does,
// and the discount codes sent in the conversation with whether each was used.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { eventRecorder } from "../../utils/chat"
import { signedInCustomer, type SignedInCustomer } from "../../utils/customer"
import { fulfilOrder, payOrder, placeOrder } from "../../utils/orders"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(180 * 1000)

const BASE = "/admin/app/v1"
const SOCKS = [{ title: "Sock", quantity: 2, unit_price: 15 }]

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let visitors = 0
    const recorder = eventRecorder([CHAT_EVENTS.CONVERSATION_ORDER_CANCELED, CHAT_EVENTS.CONVERSATION_ORDER_REFUNDED])
    const { events } = recorder

    const get = (path: string) => api.get(`${BASE}${path}`, { headers: admin.bearer, validateStatus: () => true })
    const post = (path: string, body?: unknown) => api.post(`${BASE}${path}`, body, { headers: admin.bearer, validateStatus: () => true })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const countRows = async (table: string) =>
      Number((await knex().raw<{ rows: { count: string }[] }>(`SELECT count(*) FROM ${table}`)).rows[0].count)
    const orderStatus = async (orderId: string) => (await getContainer().resolve(Modules.ORDER).retrieveOrder(orderId)).status
    const refunded = async (paymentId: string) => {
      const [payment] = await getContainer().resolve(Modules.PAYMENT).listPayments({ id: paymentId }, { relations: ["refunds"] })
      return (payment.refunds ?? []).reduce((sum, refund) => sum + Number(refund.amount), 0)
    }

    const customer = (prefix = "ada"): Promise<SignedInCustomer> => signedInCustomer(api, publishableKey, { prefix })

    /** A conversation with one visitor message, linked to `signedIn` when given, or a guest who left `email`. */
    async function conversation(signedIn?: SignedInCustomer, email?: string) {
      const shopper = new VisitorClient(api, publishableKey, `203.0.113.${120 + (visitors++ % 100)}`)
      if (signedIn) shopper.auth = { bearer: signedIn.token }
      const { data } = await shopper.session()
      await shopper.send({ message: "Please cancel my order" })
      if (email) await shopper.email({ email })
      return { shopper, id: data.conversation_id as number }
    }

    /** A customer's order of 30 EUR, its payment captured, and their conversation. */
    async function paidOrder() {
      const ada = await customer()
      const order = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: SOCKS, daysAgo: 1 })
      const paymentId = await payOrder(getContainer(), order.id, 30, { capture: true })
      const { shopper, id } = await conversation(ada)
      return { ada, order, paymentId, shopper, conversationId: id }
    }

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      recorder.startEach(getContainer())
    })

    describe("POST /conversation/:id/orders/:order_id/cancel", () => {
      it("cancels the order through Medusa, answers its summary and leaves an event line the shopper never sees", async () => {
        const { order, paymentId, shopper, conversationId } = await paidOrder()
        const messagesBefore = await countRows("chat_message")
        const outboxBefore = await countRows("launchdesk_outbox")

        const answer = await post(`/conversation/${conversationId}/orders/${order.id}/cancel`)
        expect(answer.status).toBe(200)
        // Medusa's summary of a canceled order totals 0, as its own order page shows it.
        expect(answer.data).toMatchObject({ id: order.id, display_id: order.display_id, status: "canceled", total: 0, currency_code: "eur" })
        expect(await orderStatus(order.id)).toBe("canceled")
        // Medusa's cancel refunds what was captured.
        expect(await refunded(paymentId)).toBe(30)

        // The answer is the order as the context shows it now.
        const context = await get(`/conversation/${conversationId}/context`)
        expect(context.data.orders.find((shown: { id: string }) => shown.id === order.id)).toEqual(answer.data)

        // The event line: who, what, when, in the admin thread.
        const thread = await get(`/conversation/${conversationId}`)
        expect(thread.data.notes).toHaveLength(1)
        const [note] = thread.data.notes
        expect(note).toEqual({
          note_id: expect.any(Number),
          conversation_id: conversationId,
          author_id: admin.userId,
          author_name: "Ada",
          kind: "event",
          text: `Canceled order #${order.display_id}`,
          event: { action: "order_canceled", order_id: order.id, display_id: order.display_id },
          created_at: expect.any(String),
        })

        // Never the shopper's: no poll, no session, and no message at all (so no stream, email,
        // transcript or team-chat post), nothing queued.
        expect(JSON.stringify((await shopper.poll(0)).data)).not.toContain("Canceled order")
        expect(JSON.stringify((await shopper.session()).data)).not.toContain("Canceled order")
        expect(await countRows("chat_message")).toBe(messagesBefore)
        expect(await countRows("launchdesk_outbox")).toBe(outboxBefore)

        await waitFor(() => events.length, (count) => count > 0)
        expect(events).toEqual([
          {
            name: CHAT_EVENTS.CONVERSATION_ORDER_CANCELED,
            data: { conversation_id: conversationId, order_id: order.id, note_id: note.note_id, author_id: admin.userId },
          },
        ])
      })

      it("cancels a guest's order matched by the address they left", async () => {
        const email = `guest-${Date.now()}@example.com`
        const order = await placeOrder(getContainer(), { email, items: SOCKS, daysAgo: 2 })
        const { id } = await conversation(undefined, email)
        const answer = await post(`/conversation/${id}/orders/${order.id}/cancel`, {})
        expect(answer.status).toBe(200)
        expect(answer.data.status).toBe("canceled")
        expect(await orderStatus(order.id)).toBe("canceled")
      })

      it("passes on Medusa's refusal of a fulfilled order as it came, and leaves no event line", async () => {
        const ada = await customer()
        const order = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: SOCKS, daysAgo: 1 })
        await fulfilOrder(getContainer(), order.id, ["Sock"], { shipped_at: new Date() })
        const { id } = await conversation(ada)

        const answer = await post(`/conversation/${id}/orders/${order.id}/cancel`)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "not_allowed", message: "All fulfillments must be canceled before canceling an order" })
        expect(await orderStatus(order.id)).not.toBe("canceled")
        expect(await countRows("chat_note")).toBe(0)

        // A second cancel of a canceled order is Medusa's refusal too, not a 500.
        const other = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: SOCKS, daysAgo: 1 })
        expect((await post(`/conversation/${id}/orders/${other.id}/cancel`)).status).toBe(200)
        const again = await post(`/conversation/${id}/orders/${other.id}/cancel`)
        expect(again.status).toBe(400)
        expect(again.data).toEqual({ type: expect.any(String), message: expect.stringContaining("canceled") })
        expect(await countRows("chat_note")).toBe(1)
      })

      it("answers 404 for an order outside the context and for an unknown conversation, and changes nothing", async () => {
        const ada = await customer("ada")
        const grace = await customer("grace")
        const gracesOrder = await placeOrder(getContainer(), { customer_id: grace.id, email: grace.email, items: SOCKS, daysAgo: 1 })
        const { id } = await conversation(ada)
        // A guest's conversation without an address shows no orders at all.
        const { id: anonymous } = await conversation()

        for (const path of [
          `/conversation/${id}/orders/${gracesOrder.id}/cancel`,
          `/conversation/${anonymous}/orders/${gracesOrder.id}/cancel`,
          `/conversation/${id}/orders/order_does_not_exist/cancel`,
          `/conversation/2147483647/orders/${gracesOrder.id}/cancel`,
          `/conversation/0/orders/${gracesOrder.id}/cancel`,
        ]) {
          const answer = await post(path)
          expect([path, answer.status]).toEqual([path, 404])
          expect(answer.data).toEqual({ type: "not_found", message: expect.any(String) })
        }
        const refund = await post(`/conversation/${id}/orders/${gracesOrder.id}/refund`, { amount: 5 })
        expect(refund.status).toBe(404)
        expect(await orderStatus(gracesOrder.id)).not.toBe("canceled")
        expect(await countRows("chat_note")).toBe(0)
      })

      it("refuses a body with fields with 400", async () => {
        const { order, conversationId } = await paidOrder()
        const answer = await post(`/conversation/${conversationId}/orders/${order.id}/cancel`, { no_notification: true })
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect(await orderStatus(order.id)).not.toBe("canceled")
      })
    })

    describe("POST /conversation/:id/orders/:order_id/refund", () => {
      it("refunds part, then the rest of a captured payment, and refuses more with Medusa's message", async () => {
        const { order, paymentId, shopper, conversationId } = await paidOrder()
        const before = await get(`/conversation/${conversationId}/context`)
        expect(before.data.orders[0]).toMatchObject({ id: order.id, payment_status: "captured", refundable_amount: 30 })

        const partial = await post(`/conversation/${conversationId}/orders/${order.id}/refund`, { amount: 10, note: "  Zip broke  " })
        expect(partial.status).toBe(200)
        expect(await refunded(paymentId)).toBe(10)
        expect(partial.data).toMatchObject({ id: order.id, payment_status: "partially_refunded", refundable_amount: 20 })
        const [partialLine] = (await get(`/conversation/${conversationId}`)).data.notes
        expect(partialLine).toMatchObject({
          kind: "event",
          author_id: admin.userId,
          text: `Refunded 10 EUR on order #${order.display_id}: Zip broke`,
          event: { action: "order_refunded", order_id: order.id, display_id: order.display_id, amount: 10, currency_code: "eur", note: "Zip broke" },
        })

        const rest = await post(`/conversation/${conversationId}/orders/${order.id}/refund`, { amount: 20 })
        expect(rest.status).toBe(200)
        expect(await refunded(paymentId)).toBe(30)
        expect(rest.data).toMatchObject({ payment_status: "refunded", refundable_amount: 0 })
        expect((await get(`/conversation/${conversationId}`)).data.notes[1].event).toMatchObject({ action: "order_refunded", amount: 20, note: null })

        const more = await post(`/conversation/${conversationId}/orders/${order.id}/refund`, { amount: 1 })
        expect(more.status).toBe(400)
        expect(more.data).toEqual({ type: "invalid_data", message: "You are not allowed to refund more than the captured amount" })
        expect(await refunded(paymentId)).toBe(30)

        const thread = await get(`/conversation/${conversationId}`)
        expect(thread.data.notes.map((note: { event: { amount: number } }) => note.event.amount)).toEqual([10, 20])
        expect(JSON.stringify((await shopper.poll(0)).data)).not.toContain("Refunded")
        expect(JSON.stringify((await shopper.session()).data)).not.toContain("Zip broke")

        await waitFor(() => events.length, (count) => count >= 2)
        expect(events.map((event) => event.data)).toEqual([
          expect.objectContaining({ conversation_id: conversationId, order_id: order.id, payment_id: paymentId, amount: 10, currency_code: "eur" }),
          expect.objectContaining({ conversation_id: conversationId, order_id: order.id, payment_id: paymentId, amount: 20, currency_code: "eur" }),
        ])
      })

      it("refuses an order without a payment with 400 and leaves no event line", async () => {
        const ada = await customer()
        const order = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: SOCKS, daysAgo: 1 })
        const { id } = await conversation(ada)
        const answer = await post(`/conversation/${id}/orders/${order.id}/refund`, { amount: 5 })
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "not_allowed", message: `Order #${order.display_id} has no payment to refund` })
        expect(await countRows("chat_note")).toBe(0)
      })

      it.each([
        ["no amount", {}],
        ["an amount of zero", { amount: 0 }],
        ["a negative amount", { amount: -5 }],
        ["an amount that is text", { amount: "10" }],
        ["an amount of null", { amount: null }],
        ["a note over 500 characters", { amount: 5, note: "n".repeat(501) }],
        ["a note that is not text", { amount: 5, note: 42 }],
        ["a control character in the note", { amount: 5, note: "a\u0000b" }],
        ["an unknown field", { amount: 5, payment_id: "pay_other" }],
      ])("refuses %s with 400 and changes nothing", async (_case, body) => {
        const { order, paymentId, conversationId } = await paidOrder()
        const answer = await post(`/conversation/${conversationId}/orders/${order.id}/refund`, body)
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect(await refunded(paymentId)).toBe(0)
        expect(await countRows("chat_note")).toBe(0)
      })
    })

    describe("the discounts sent in a conversation", () => {
      it("lists each code sent, newest first, with whether it was used", async () => {
        const { conversationId } = await paidOrder()
        expect((await get(`/conversation/${conversationId}/context`)).data.discounts).toEqual([])

        const first = await post(`/conversation/${conversationId}/discount`, { type: "percentage", value: 10 })
        const second = await post(`/conversation/${conversationId}/discount`, { type: "fixed", value: 5, currency_code: "eur" })
        expect([first.status, second.status]).toEqual([200, 200])
        // The first code's one use spent, as Medusa counts a use at checkout.
        await knex().raw("UPDATE promotion SET used = 1 WHERE id = ?", [first.data.promotion_id])

        const { data } = await get(`/conversation/${conversationId}/context`)
        expect(data.discounts).toEqual([
          { code: second.data.code, promotion_id: second.data.promotion_id, used: false, created_at: expect.any(String) },
          { code: first.data.code, promotion_id: first.data.promotion_id, used: true, created_at: expect.any(String) },
        ])
        // Each left an event line staff see beside the message that handed the code over.
        const thread = await get(`/conversation/${conversationId}`)
        expect(thread.data.notes.map((note: { event: unknown }) => note.event)).toEqual([
          { action: "discount_sent", code: first.data.code, promotion_id: first.data.promotion_id },
          { action: "discount_sent", code: second.data.code, promotion_id: second.data.promotion_id },
        ])
      })
    })
  },
})
