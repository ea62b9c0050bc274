// Product cards in staff replies (CONTRACT §11): each card priced for the conversation's region
// or currency when known, kept with the message as sent, and read by the shopper through
// /poll, /session and /stream on both lanes. The team-chat post's side: bridge/slack-bridge.spec.ts.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { createProductsWorkflow, createRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { signedInCustomer } from "../../utils/customer"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { openSse, type SseStream } from "../../utils/sse"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"

type Catalogue = {
  euRegion: string
  usRegion: string
  shirt: { id: string; medium: string; large: string }
  mug: { id: string; variant: string }
  /** Not published: no shopper can open its page. */
  draft: string
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let catalogue: Catalogue
    let publishableKey: string
    let visitors = 0
    const open: SseStream[] = []

    const as = () => ({ headers: admin.bearer, validateStatus: () => true })
    const reply = (body: Record<string, unknown>) => api.post(`${BASE}/reply`, body, as())
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const countRows = async (table: string) =>
      Number((await knex().raw<{ rows: { count: string }[] }>(`SELECT count(*) FROM ${table}`)).rows[0].count)

    /** A shopper on `lane` whose storefront named `session` (region, currency) when the chat started. */
    async function shopperWith(session: Record<string, unknown> = {}, lane: Lane = "medusa") {
      const client = new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `203.0.113.${20 + visitors++}`)
      const started = await client.session(session)
      expect(started.status).toBe(200)
      await client.send({ message: "Do you have something in linen?" })
      return { client, conversationId: started.data.conversation_id as number }
    }

    const shirtCard = (price: { amount: number; currency_code: string } | null, variantId = catalogue.shirt.medium) => ({
      product_id: catalogue.shirt.id,
      variant_id: variantId,
      title: "Linen shirt",
      thumbnail: "https://cdn.shop.test/linen-shirt.jpg",
      url: "/products/linen-shirt",
      price,
    })

    // Before the runner's snapshot: every test starts from a database that holds these.
    beforeAll(async () => {
      const container = getContainer()
      admin = await createAdmin(api, container)
      const { result: regions } = await createRegionsWorkflow(container).run({
        input: {
          regions: [
            { name: "Europe", currency_code: "eur" },
            { name: "United States", currency_code: "usd" },
          ],
        },
      })
      const { result: products } = await createProductsWorkflow(container).run({
        input: {
          products: [
            {
              title: "Linen shirt",
              handle: "linen-shirt",
              status: "published",
              thumbnail: "https://cdn.shop.test/linen-shirt.jpg",
              options: [{ title: "Size", values: ["M", "L"] }],
              variants: [
                {
                  title: "M",
                  options: { Size: "M" },
                  manage_inventory: false,
                  prices: [
                    { amount: 30, currency_code: "eur" },
                    { amount: 35, currency_code: "usd" },
                  ],
                },
                {
                  title: "L",
                  options: { Size: "L" },
                  manage_inventory: false,
                  prices: [
                    { amount: 32, currency_code: "eur" },
                    { amount: 37, currency_code: "usd" },
                  ],
                },
              ],
            },
            {
              title: "Winter coat (not yet on sale)",
              handle: "winter-coat",
              status: "draft",
              options: [{ title: "Size", values: ["M"] }],
              variants: [{ title: "M", options: { Size: "M" }, manage_inventory: false, prices: [{ amount: 90, currency_code: "eur" }] }],
            },
            {
              title: "Stoneware mug",
              handle: "stoneware-mug",
              status: "published",
              options: [{ title: "Colour", values: ["Sand"] }],
              variants: [{ title: "Sand", options: { Colour: "Sand" }, manage_inventory: false, prices: [{ amount: 12.5, currency_code: "eur" }] }],
            },
          ],
        },
      })
      const shirt = products.find((product) => product.handle === "linen-shirt")!
      const mug = products.find((product) => product.handle === "stoneware-mug")!
      catalogue = {
        euRegion: regions.find((region) => region.currency_code === "eur")!.id,
        usRegion: regions.find((region) => region.currency_code === "usd")!.id,
        shirt: {
          id: shirt.id,
          medium: shirt.variants.find((variant) => variant.title === "M")!.id,
          large: shirt.variants.find((variant) => variant.title === "L")!.id,
        },
        mug: { id: mug.id, variant: mug.variants[0].id },
        draft: products.find((product) => product.handle === "winter-coat")!.id,
      }
      // The store's order of the shirt's variants (the admin's drag and drop): M first, so a card without a variant shows M.
      await knex().raw(`UPDATE product_variant SET variant_rank = CASE WHEN id = ? THEN 0 ELSE 1 END WHERE product_id = ?`, [
        catalogue.shirt.medium,
        catalogue.shirt.id,
      ])
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })
    afterEach(() => {
      open.splice(0).forEach((stream) => stream.close())
    })

    describe("POST /reply with cards", () => {
      it("prices each card for the conversation's region, in its currency", async () => {
        const europe = await shopperWith({ region_id: catalogue.euRegion })
        const america = await shopperWith({ region_id: catalogue.usRegion })
        for (const { conversationId } of [europe, america]) {
          const sent = await reply({
            conversation_id: conversationId,
            message: "These would suit you:",
            cards: [{ product_id: catalogue.shirt.id }, { product_id: catalogue.shirt.id, variant_id: catalogue.shirt.large }, { product_id: catalogue.mug.id }],
          })
          expect(sent.status).toBe(200)
        }

        const europeReply = (await europe.client.poll(0)).data.messages.at(-1)
        expect(europeReply).toMatchObject({ sender: "agent", message: "These would suit you:" })
        expect(europeReply.cards).toEqual([
          shirtCard({ amount: 30, currency_code: "eur" }),
          shirtCard({ amount: 32, currency_code: "eur" }, catalogue.shirt.large),
          {
            product_id: catalogue.mug.id,
            variant_id: catalogue.mug.variant,
            title: "Stoneware mug",
            thumbnail: null,
            url: "/products/stoneware-mug",
            price: { amount: 12.5, currency_code: "eur" },
          },
        ])
        const americaReply = (await america.client.poll(0)).data.messages.at(-1)
        expect(americaReply.cards.map((card: { price: unknown }) => card.price)).toEqual([
          { amount: 35, currency_code: "usd" },
          { amount: 37, currency_code: "usd" },
          // The mug has no price in dollars.
          null,
        ])
      })

      it("prices by the currency alone when no region is named, and gives null when neither is known", async () => {
        const dollars = await shopperWith({ currency_code: "USD" })
        const unknown = await shopperWith()
        for (const { conversationId } of [dollars, unknown]) {
          expect((await reply({ conversation_id: conversationId, message: "", cards: [{ product_id: catalogue.shirt.id }] })).status).toBe(200)
        }
        expect((await dollars.client.poll(0)).data.messages.at(-1).cards).toEqual([shirtCard({ amount: 35, currency_code: "usd" })])
        expect((await unknown.client.poll(0)).data.messages.at(-1).cards).toEqual([shirtCard(null)])
      })

      it("prices for a signed-in customer's latest order when the storefront named no region", async () => {
        const customer = await signedInCustomer(api, publishableKey, { prefix: "cards" })
        await getContainer()
          .resolve(Modules.ORDER)
          .createOrders([
            {
              region_id: catalogue.usRegion,
              currency_code: "usd",
              email: customer.email,
              customer_id: customer.id,
              items: [{ title: "Linen shirt", quantity: 1, unit_price: 35 }],
            },
          ])
        const client = new VisitorClient(api, publishableKey, `203.0.113.${20 + visitors++}`)
        client.auth = { bearer: customer.token }
        const { data: session } = await client.session()
        await client.send({ message: "Which size?" })
        expect((await reply({ conversation_id: session.conversation_id, message: "", cards: [{ product_id: catalogue.shirt.id }] })).status).toBe(200)
        expect((await client.poll(0)).data.messages.at(-1).cards).toEqual([shirtCard({ amount: 35, currency_code: "usd" })])
      })

      it("follows the storefront's latest region", async () => {
        const shopper = await shopperWith({ region_id: catalogue.euRegion })
        expect((await shopper.client.session({ region_id: catalogue.usRegion })).status).toBe(200)
        await reply({ conversation_id: shopper.conversationId, message: "Here", cards: [{ product_id: catalogue.shirt.id }] })
        expect((await shopper.client.poll(0)).data.messages.at(-1).cards[0].price).toEqual({ amount: 35, currency_code: "usd" })
      })

      it("keeps a message without cards in the shape it always had", async () => {
        const { client, conversationId } = await shopperWith({ region_id: catalogue.euRegion })
        expect((await reply({ conversation_id: conversationId, message: "Plain words" })).status).toBe(200)
        const message = (await client.poll(0)).data.messages.at(-1)
        expect(Object.keys(message).sort()).toEqual(
          ["attachments", "author_name", "conversation_id", "created_at", "message", "message_id", "page_url", "sender"].sort()
        )
      })

      it("refuses more than four cards, an unknown or unpublished product or another product's variant, storing and sending nothing", async () => {
        const { client, conversationId } = await shopperWith({ region_id: catalogue.euRegion })
        const before = { messages: await countRows("chat_message"), outbox: await countRows("launchdesk_outbox") }
        const refused = [
          Array.from({ length: 5 }, () => ({ product_id: catalogue.shirt.id })),
          [{ product_id: catalogue.shirt.id }, { product_id: "prod_01NOSUCHPRODUCT" }],
          [{ product_id: catalogue.draft }],
          [{ product_id: catalogue.shirt.id, variant_id: catalogue.mug.variant }],
          [{ product_id: "" }],
          [{ product_id: catalogue.shirt.id, price: 1 }],
        ]
        for (const cards of refused) {
          const answer = await reply({ conversation_id: conversationId, message: "Look", cards })
          expect([answer.status, answer.data.type]).toEqual([400, "invalid_data"])
        }
        const unknown = await reply({ conversation_id: conversationId, message: "Look", cards: [{ product_id: "prod_01NOSUCHPRODUCT" }] })
        expect(unknown.data.message).toContain("prod_01NOSUCHPRODUCT")
        const draft = await reply({ conversation_id: conversationId, message: "Look", cards: [{ product_id: catalogue.draft }] })
        expect(draft.data.message).toBe(`Invalid cards: product ${catalogue.draft} is not published, so a shopper cannot open it.`)
        expect({ messages: await countRows("chat_message"), outbox: await countRows("launchdesk_outbox") }).toEqual(before)
        expect((await client.poll(0)).data.messages.map((message: { sender: string }) => message.sender)).toEqual(["visitor"])

        // Four is allowed.
        const four = await reply({ conversation_id: conversationId, message: "", cards: Array.from({ length: 4 }, () => ({ product_id: catalogue.mug.id })) })
        expect(four.status).toBe(200)
      })

      it("keeps the card as it was sent when the product changes later", async () => {
        const { client, conversationId } = await shopperWith({ region_id: catalogue.euRegion })
        await reply({ conversation_id: conversationId, message: "This one", cards: [{ product_id: catalogue.shirt.id }] })
        await knex().raw(`UPDATE product SET title = 'Renamed shirt' WHERE id = ?`, [catalogue.shirt.id])
        expect((await client.poll(0)).data.messages.at(-1).cards[0].title).toBe("Linen shirt")
      })

      it("shows the cards in the admin thread", async () => {
        const { conversationId } = await shopperWith({ region_id: catalogue.euRegion })
        await reply({ conversation_id: conversationId, message: "Try this", cards: [{ product_id: catalogue.shirt.id }] })
        const thread = await api.get(`${BASE}/conversation/${conversationId}`, as())
        expect(thread.status).toBe(200)
        expect(thread.data.messages.at(-1).cards).toEqual([shirtCard({ amount: 30, currency_code: "eur" })])
      })
    })

    describe.each(LANES)("the shopper's reads on the %s lane", (lane: Lane) => {
      it("carry the cards in /poll, /session and /stream", async () => {
        const { client, conversationId } = await shopperWith({ region_id: catalogue.euRegion }, lane)
        const sent = await reply({ conversation_id: conversationId, message: "For you", cards: [{ product_id: catalogue.shirt.id }] })
        expect(sent.status).toBe(200)
        const expected = [shirtCard({ amount: 30, currency_code: "eur" })]

        const polled = (await client.poll(0)).data.messages.at(-1)
        expect([polled.message_id, polled.cards]).toEqual([sent.data.message_id, expected])

        const session = (await client.session({ region_id: catalogue.euRegion })).data
        expect(session.messages.at(-1).cards).toEqual(expected)

        const baseUrl = lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url
        const stream = await openSse(`${baseUrl}/store/app/v1/stream?since_id=0`, client.headers())
        open.push(stream)
        expect(stream.status).toBe(200)
        const events = await stream.waitForEvents(2)
        expect(JSON.parse(events[1].data)).toEqual(polled)
      })
    })
  },
})
