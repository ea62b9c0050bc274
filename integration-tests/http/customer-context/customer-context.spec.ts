import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { Modules } from "@medusajs/framework/utils"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { serveFake } from "../../utils/fake-server"
import { FakeOpenAi } from "../../utils/fake-openai"
import { signedInCustomer } from "../../utils/customer"
import { fulfilOrder, payOrder, placeOrder } from "../../utils/orders"
import { createPublishableKey } from "../../utils/store"
import { fastLaneApi, fastLaneForSpec, LANES } from "../../utils/fast-lane"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(180 * 1000)

const model = new FakeOpenAi()
// The model double's host is the one the configuration lets the API key go to.
const { baseUrl: modelBaseUrl } = serveFake(model, "LAUNCHDESK_TEST_MODEL_BASE_URLS")

type Customer = { id: string; email: string; token: string }

// CONTRACT §6: what the agent sees beside a conversation, the canned variables and the list's customer fields.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let publishableKey: string
    let count = 0
    const adminGet = (path: string) => api.get(`/admin/app/v1${path}`, { headers: admin.bearer, validateStatus: () => true })
    const adminPost = (path: string, body: unknown) =>
      api.post(`/admin/app/v1${path}`, body, { headers: admin.bearer, validateStatus: () => true })

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      model.reset()
    })

    const customer = (first_name = "Ada", last_name = "Lovelace"): Promise<Customer> =>
      signedInCustomer(api, publishableKey, { prefix: first_name.toLowerCase().replace(/[^a-z0-9]/g, "") || "shopper", first_name, last_name })

    /** A conversation with one visitor message, linked to `signedIn` when given; on the Medusa lane unless `through` is another. */
    async function conversation(signedIn?: Customer, email?: string, through = api) {
      const shopper = new VisitorClient(through, publishableKey, `203.0.113.${100 + (count++ % 100)}`)
      if (signedIn) shopper.auth = { bearer: signedIn.token }
      const { data } = await shopper.session()
      await shopper.send({ message: "Where is my parcel?" })
      if (email) await shopper.email({ email })
      return { shopper, id: data.conversation_id as number }
    }

    describe("GET /admin/app/v1/conversation/:id/context", () => {
      it("shows a linked customer, their latest five orders with items and totals, and their open cart", async () => {
        const ada = await customer()
        for (let i = 1; i <= 7; i++) {
          await placeOrder(getContainer(), {
            customer_id: ada.id,
            email: ada.email,
            items: [{ title: `Tee ${i}`, quantity: i, unit_price: 10 }],
            daysAgo: 10 - i,
          })
        }
        const [openCart] = await getContainer()
          .resolve(Modules.CART)
          .createCarts([{ currency_code: "eur", customer_id: ada.id, items: [{ title: "Hoodie", quantity: 2, unit_price: 35 }] }])
        const { id } = await conversation(ada)

        const response = await adminGet(`/conversation/${id}/context`)
        expect(response.status).toBe(200)
        const { customer: shown, orders, matched_by, verified, cart } = response.data
        expect(shown).toEqual({
          id: ada.id,
          email: ada.email,
          first_name: "Ada",
          last_name: "Lovelace",
          created_at: expect.any(String),
          orders_count: 7,
          total_spent: [{ currency_code: "eur", amount: 10 * (1 + 2 + 3 + 4 + 5 + 6 + 7) }],
          total_spent_capped: false,
        })
        expect(matched_by).toBe("account")
        expect(verified).toBe(true)
        expect(cart).toEqual({
          id: openCart.id,
          total: 70,
          currency_code: "eur",
          updated_at: expect.any(String),
          items: [{ title: "Hoodie", quantity: 2 }],
        })
        expect(orders).toHaveLength(5)
        expect(orders.map((order: { items: { title: string }[] }) => order.items[0].title)).toEqual(["Tee 7", "Tee 6", "Tee 5", "Tee 4", "Tee 3"])
        expect(orders[0]).toEqual({
          id: expect.stringMatching(/^order_/),
          display_id: expect.any(Number),
          status: "pending",
          payment_status: "not_paid",
          fulfillment_status: "not_fulfilled",
          total: 70,
          refundable_amount: 0,
          currency_code: "eur",
          created_at: expect.any(String),
          items: [{ title: "Tee 7", quantity: 7 }],
          tracking_numbers: [],
        })
      })

      it("sums total spent again as soon as an order is placed or canceled", async () => {
        const ada = await customer()
        const container = getContainer()
        const tee = (price: number) => [{ title: "Tee", quantity: 1, unit_price: price }]
        const first = await placeOrder(container, { customer_id: ada.id, email: ada.email, items: tee(20), daysAgo: 2 })
        const { id } = await conversation(ada)
        const spent = async () => (await adminGet(`/conversation/${id}/context`)).data.customer
        expect(await spent()).toMatchObject({ orders_count: 1, total_spent: [{ currency_code: "eur", amount: 20 }] })
        expect(await spent()).toMatchObject({ orders_count: 1, total_spent: [{ currency_code: "eur", amount: 20 }] })

        await placeOrder(container, { customer_id: ada.id, email: ada.email, items: tee(35), daysAgo: 1 })
        expect(await spent()).toMatchObject({ orders_count: 2, total_spent: [{ currency_code: "eur", amount: 55 }] })

        await container.resolve(Modules.ORDER).cancel(first.id)
        expect(await spent()).toMatchObject({ orders_count: 2, total_spent: [{ currency_code: "eur", amount: 35 }] })
      })

      it("gives each order the payment and fulfillment status Medusa's own order list gives it, and its tracking numbers", async () => {
        const ada = await customer()
        const container = getContainer()
        const place = (items: { title: string; quantity: number; unit_price: number }[], daysAgo: number) =>
          placeOrder(container, { customer_id: ada.id, email: ada.email, items, daysAgo })
        const pay = (orderId: string, amount: number, capture: boolean) => payOrder(container, orderId, amount, { capture })
        const fulfil = (orderId: string, titles: string[], at: { shipped_at?: Date; delivered_at?: Date }, tracking?: string) =>
          fulfilOrder(container, orderId, titles, at, tracking)
        const socksAndCap = [
          { title: "Sock", quantity: 2, unit_price: 5 },
          { title: "Cap", quantity: 1, unit_price: 20 },
        ]
        // Paid in full, the socks shipped and the cap still to send.
        const shipped = await place(socksAndCap, 3)
        await pay(shipped.id, 30, true)
        await fulfil(shipped.id, ["Sock"], { shipped_at: new Date() }, "TRACK-SOCKS")
        // Authorized only, nothing sent.
        const authorized = await place(socksAndCap, 2)
        await pay(authorized.id, 30, false)
        // Everything delivered, not paid.
        const delivered = await place([{ title: "Scarf", quantity: 1, unit_price: 30 }], 1)
        await fulfil(delivered.id, ["Scarf"], { shipped_at: new Date(), delivered_at: new Date() }, "TRACK-SCARF")
        const { id } = await conversation(ada)

        const { data } = await adminGet(`/conversation/${id}/context`)
        const shown = (orderId: string) => data.orders.find((order: { id: string }) => order.id === orderId)
        expect(shown(shipped.id)).toMatchObject({ payment_status: "captured", fulfillment_status: "partially_shipped", total: 30, tracking_numbers: ["TRACK-SOCKS"] })
        expect(shown(authorized.id)).toMatchObject({ payment_status: "authorized", fulfillment_status: "not_fulfilled", tracking_numbers: [] })
        expect(shown(delivered.id)).toMatchObject({ payment_status: "not_paid", fulfillment_status: "delivered", total: 30, tracking_numbers: ["TRACK-SCARF"] })
        // The admin's order list computes the same statuses.
        const list = await api.get(`/admin/orders?customer_id=${ada.id}&fields=id,payment_status,fulfillment_status`, { headers: admin.bearer })
        const statuses = (orders: { id: string; payment_status: string; fulfillment_status: string }[]) =>
          orders.map(({ id, payment_status, fulfillment_status }) => ({ id, payment_status, fulfillment_status })).sort((a, b) => a.id.localeCompare(b.id))
        expect(statuses(data.orders)).toEqual(statuses(list.data.orders))
      })

      it("shows a guest's email matches as unverified, never linking them", async () => {
        const grace = await customer("Grace", "Hopper")
        await placeOrder(getContainer(), { customer_id: grace.id, email: grace.email, items: [{ title: "Mug", quantity: 1, unit_price: 12 }], daysAgo: 1 })
        const { id } = await conversation(undefined, grace.email)

        const { data } = await adminGet(`/conversation/${id}/context`)
        expect(data.matched_by).toBe("email")
        expect(data.verified).toBe(false)
        expect(data.customer).toMatchObject({ id: grace.id, first_name: "Grace" })
        expect(data.orders.map((order: { items: { title: string }[] }) => order.items[0].title)).toEqual(["Mug"])
        expect((await chatModule(getContainer()).listConversations({ id }))[0].customer_id).toBeNull()
      })

      it("shows nothing for a guest without a match, and 404 for an unknown conversation", async () => {
        const { id } = await conversation(undefined, "nobody-here@example.com")
        expect((await adminGet(`/conversation/${id}/context`)).data).toEqual({
          customer: null,
          orders: [],
          cart: null,
          matched_by: null,
          verified: false,
          discounts: [],
        })
        const unknown = await adminGet("/conversation/2147483647/context")
        expect(unknown.status).toBe(404)
        expect(unknown.data).toEqual({ type: "not_found", message: expect.any(String) })
        expect((await adminGet("/conversation/0/context")).status).toBe(404)
      })
    })

    describe("POST /admin/app/v1/canned/:id/render", () => {
      const TEMPLATE =
        "Hi {{customer.first_name}}, order #{{order.display_id}} is {{order.status}} ({{order.fulfillment_status}}). Tracking: {{order.tracking_number}}. {{store.name}}"

      it("fills the variables from the linked customer's latest order, or the order the agent picked", async () => {
        const ada = await customer()
        const older = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: [{ title: "Cap", quantity: 1, unit_price: 5 }], daysAgo: 5 })
        const latest = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: [{ title: "Tee", quantity: 1, unit_price: 5 }], daysAgo: 1 })
        const [store] = await getContainer().resolve(Modules.STORE).listStores({}, { take: 1 })
        const canned = (await adminPost("/canned", { question: "Order status?", response: TEMPLATE })).data
        const { id } = await conversation(ada)

        const rendered = await adminPost(`/canned/${canned.id}/render`, { conversation_id: id })
        expect(rendered.status).toBe(200)
        expect(rendered.data).toEqual({
          text: `Hi Ada, order #${latest.display_id} is pending (not fulfilled). Tracking: {{order.tracking_number}}. ${store.name}`,
          missing: ["order.tracking_number"],
        })
        const picked = await adminPost(`/canned/${canned.id}/render`, { conversation_id: id, order_id: older.id })
        expect(picked.data.text).toContain(`order #${older.display_id}`)

        // Another customer's order is refused.
        const other = await customer("Grace", "Hopper")
        const foreign = await placeOrder(getContainer(), { customer_id: other.id, email: other.email, items: [{ title: "Mug", quantity: 1, unit_price: 5 }], daysAgo: 1 })
        const refused = await adminPost(`/canned/${canned.id}/render`, { conversation_id: id, order_id: foreign.id })
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({ type: "invalid_data", message: expect.stringContaining("not an order of this conversation's customer") })
      })

      it("fills only the store's name for a guest, even one whose email matches a customer", async () => {
        const ada = await customer()
        await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: [{ title: "Tee", quantity: 1, unit_price: 5 }], daysAgo: 1 })
        const canned = (await adminPost("/canned", { question: "Order status?", response: TEMPLATE })).data
        const { id } = await conversation(undefined, ada.email)
        const { data } = await adminPost(`/canned/${canned.id}/render`, { conversation_id: id })
        expect(data.missing).toEqual(["customer.first_name", "order.display_id", "order.status", "order.fulfillment_status", "order.tracking_number"])
        expect(data.text).not.toContain("Ada")
      })

      it("answers 404 for an unknown canned response and 400 for bad input", async () => {
        const { id } = await conversation()
        expect((await adminPost("/canned/2147483647/render", { conversation_id: id })).status).toBe(404)
        const canned = (await adminPost("/canned", { question: "q", response: "r" })).data
        for (const body of [{}, { conversation_id: "x" }, { conversation_id: id, customer_id: "cus_1" }, { conversation_id: 2147483647 }]) {
          const response = await adminPost(`/canned/${canned.id}/render`, body)
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        }
      })

      it("inserts a customer's own braces literally: a first name of {{store.name}} or {{ renders as written and can be sent", async () => {
        const [store] = await getContainer().resolve(Modules.STORE).listStores({}, { take: 1 })
        const canned = (await adminPost("/canned", { question: "Greeting", response: "Hi {{customer.first_name}}, welcome to {{store.name}}!" })).data
        for (const firstName of ["{{store.name}}", "{{", "{{ order.status }}"]) {
          const shopper = await customer(firstName, "Braces")
          const { id } = await conversation(shopper)
          const rendered = await adminPost(`/canned/${canned.id}/render`, { conversation_id: id })
          expect(rendered.status).toBe(200)
          expect(rendered.data).toEqual({ text: `Hi ${firstName}, welcome to ${store.name}!`, missing: [] })

          const sent = await adminPost("/reply", { conversation_id: id, message: rendered.data.text })
          expect(sent.status).toBe(200)
          const [stored] = await chatModule(getContainer()).listMessages({ id: sent.data.message_id })
          expect(stored.message).toBe(`Hi ${firstName}, welcome to ${store.name}!`)
        }
        // Braces that are not the customer's are still a variable left unfilled.
        const { id } = await conversation(await customer("{{store.name}}", "Braces"))
        const refused = await adminPost("/reply", { conversation_id: id, message: "Hi {{store.name}}, your order {{order.display_id}}" })
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({ type: "invalid_data", message: "fill in or remove {{order.display_id}} before sending" })
      })

      it("refuses a reply that still holds a variable, so braces never reach the shopper", async () => {
        const { id } = await conversation()
        const refused = await adminPost("/reply", { conversation_id: id, message: "Your order {{order.display_id}} ships" })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toContain("{{order.display_id}}")
        expect((await chatModule(getContainer()).listMessages({ conversation_id: id, sender: "agent" })).length).toBe(0)
      })
    })

    describe("auto-reply with variables", () => {
      async function configure() {
        await adminPost("/settings", { model: { base_url: modelBaseUrl(), api_key: "sk-test", model: "m" } })
        const withOrder = (await adminPost("/canned", { question: "Where is my order?", response: "Order #{{order.display_id}} is {{order.fulfillment_status}}, {{customer.first_name}}." })).data
        const plain = (await adminPost("/canned", { question: "Shipping time?", response: "Two to four days at {{store.name}}." })).data
        return { withOrder, plain }
      }

      it("fills a linked customer's answer", async () => {
        const { withOrder } = await configure()
        const ada = await customer()
        const order = await placeOrder(getContainer(), { customer_id: ada.id, email: ada.email, items: [{ title: "Tee", quantity: 1, unit_price: 5 }], daysAgo: 1 })
        const { shopper } = await conversation(ada)
        model.reset({ answer: String(withOrder.id) })
        const { data } = await shopper.autoReply({ question: "where is my order" })
        expect(data).toEqual({ auto_replied: true, message_id: expect.any(Number), canned_id: withOrder.id })
        const [stored] = await chatModule(getContainer()).listMessages({ id: data.message_id })
        expect(stored.message).toBe(`Order #${order.display_id} is not fulfilled, Ada.`)
      })

      it("answers a signed-in customer on both lanes with the same variables, byte for byte", async () => {
        const TEMPLATE =
          "Hi {{customer.first_name}}, order #{{order.display_id}} from {{store.name}} is {{order.fulfillment_status}}; tracking: {{order.tracking_number}}."
        await adminPost("/settings", { model: { base_url: modelBaseUrl(), api_key: "sk-test", model: "m" } })
        const withAll = (await adminPost("/canned", { question: "Where is my parcel?", response: TEMPLATE })).data
        const plain = (await adminPost("/canned", { question: "Shipping time?", response: "Two to four days." })).data
        const container = getContainer()
        const stores = container.resolve(Modules.STORE)
        const [store] = await stores.listStores({}, { take: 1 })
        await stores.updateStores(store.id, { name: "Lovelace & Co" })
        const ada = await customer()
        // An older order, and the latest: the socks shipped with a label, the cap still to send.
        await placeOrder(container, { customer_id: ada.id, email: ada.email, items: [{ title: "Mug", quantity: 1, unit_price: 5 }], daysAgo: 4 })
        const latest = await placeOrder(container, {
          customer_id: ada.id,
          email: ada.email,
          items: [
            { title: "Sock", quantity: 2, unit_price: 5 },
            { title: "Cap", quantity: 1, unit_price: 20 },
          ],
          daysAgo: 1,
        })
        await fulfilOrder(container, latest.id, ["Sock"], { shipped_at: new Date() }, "TRACK-7Q")
        model.reset({ answer: String(withAll.id) })

        const stored: Record<string, string> = {}
        for (const lane of LANES) {
          const { shopper } = await conversation(ada, undefined, lane === "medusa" ? api : fastLaneApi(fastLane()))
          const { data } = await shopper.autoReply({ question: "where is my parcel" })
          expect({ lane, data }).toEqual({ lane, data: { auto_replied: true, message_id: expect.any(Number), canned_id: withAll.id } })
          const [message] = await chatModule(container).listMessages({ id: data.message_id })
          stored[lane] = message.message
        }
        // Both lanes offered the model the same answers.
        const offered = model.requests.map((request) => JSON.stringify(request.body))
        expect(offered).toHaveLength(2)
        expect(offered[1]).toBe(offered[0])
        expect(offered[0]).toContain(plain.question)
        expect(offered[0]).toContain(withAll.question)
        expect(stored.fast).toBe(stored.medusa)
        expect(stored.medusa).toBe(`Hi Ada, order #${latest.display_id} from Lovelace & Co is partially shipped; tracking: TRACK-7Q.`)

        // A guest on the fast lane is never offered the answer that needs customer data.
        const guest = await conversation(undefined, undefined, fastLaneApi(fastLane()))
        const refused = await guest.shopper.autoReply({ question: "where is my parcel" })
        expect(refused.data).toEqual({ auto_replied: false, reason: "no_match" })
        const guestPrompt = JSON.stringify(model.requests[2].body)
        expect(guestPrompt).toContain(plain.question)
        expect(guestPrompt).not.toContain(withAll.question)
      })

      it("never offers a guest an answer that needs customer data", async () => {
        const { withOrder, plain } = await configure()
        const { shopper } = await conversation()
        model.reset({ answer: String(plain.id) })
        const { data } = await shopper.autoReply({ question: "where is my order" })
        expect(data.auto_replied).toBe(true)
        const prompt = JSON.stringify(model.requests[0].body)
        expect(prompt).toContain("Shipping time?")
        expect(prompt).not.toContain("Where is my order?")
        const [stored] = await chatModule(getContainer()).listMessages({ id: data.message_id })
        expect(stored.message).not.toContain("{{")
        expect(withOrder.id).not.toBe(plain.id)
      })
    })

    describe("GET /admin/app/v1/conversations with customers", () => {
      it("names each conversation's customer, filters by customer, and searches customer names and emails", async () => {
        const ada = await customer("Adaline", "Quillfeather")
        const linked = await conversation(ada)
        const guest = await conversation()

        const all = (await adminGet("/conversations?per_page=100")).data
        const byId = new Map(all.items.map((item: { conversation_id: number }) => [item.conversation_id, item]))
        expect(byId.get(linked.id)).toMatchObject({ customer_id: ada.id, customer_name: "Adaline Quillfeather" })
        expect(byId.get(guest.id)).toMatchObject({ customer_id: null, customer_name: null })

        const ids = (response: { data: { items: { conversation_id: number }[] } }) => response.data.items.map((item) => item.conversation_id)
        expect(ids(await adminGet(`/conversations?customer_id=${ada.id}`))).toEqual([linked.id])
        expect(ids(await adminGet("/conversations?customers_only=true&per_page=100"))).toContain(linked.id)
        expect(ids(await adminGet("/conversations?customers_only=true&per_page=100"))).not.toContain(guest.id)
        expect(ids(await adminGet("/conversations?search=Quillfeather"))).toEqual([linked.id])
        expect(ids(await adminGet(`/conversations?search=${encodeURIComponent(ada.email)}`))).toEqual([linked.id])
        expect((await adminGet("/conversations?customers_only=maybe")).status).toBe(400)
      })
    })
  },
})
