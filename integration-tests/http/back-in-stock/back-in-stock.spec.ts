import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { waitFor } from "../../utils/wait-for"
import { config as restockJob } from "../../../src/jobs/notify-restocked-variants"
import { config as pruneJob } from "../../../src/jobs/prune-rate-limit-windows"
import { notifyRestockedVariantsWorkflow } from "../../../src/workflows/back-in-stock/notify-restocked-variants"
import { markBackInStockConversionsWorkflow } from "../../../src/workflows/back-in-stock/mark-back-in-stock-conversions"
import { BACK_IN_STOCK_TEMPLATE, notifyRestockedVariants, type BackInStockEmailData } from "../../../src/coming-soon/back-in-stock-restock"
import { restockDepsOf } from "../../../src/medusa/back-in-stock"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import { COMING_SOON_MODULE, type ComingSoonModuleService } from "../../../src/modules/coming-soon"
import { createStockedShop, setStock, setStockQuietly, subscriptions, type StockedShop } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const LIMITS = { maxVariants: 50, maxMarks: 500, maxRows: 500, batchSize: 3, leaseSeconds: 60, budgetMs: 5_000, firstComeFirstServed: false }

// CONTRACT §12, back in stock: the signup with the waitlist's protections, one email per
// waiting subscriber and restock, the demand list, conversions and unsubscribing.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let shop: StockedShop
    beforeAll(() => Promise.all([takeOffSchedule(restockJob), takeOffSchedule(pruneJob)]))
    beforeEach(async () => {
      admin = await createAdmin(api, getContainer())
      shop = await createStockedShop(getContainer(), ["Red", "Blue", "Green"])
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    const subscribe = (body: unknown, ip = "203.0.113.10") =>
      api.post("/store/back-in-stock", body, {
        headers: { "x-publishable-api-key": shop.publishableKey, "x-forwarded-for": ip },
        validateStatus: () => true,
      })
    const restockEmails = () => emailDouble().sent.filter((email) => email.template === BACK_IN_STOCK_TEMPLATE)
    const emailsTo = (address: string) => restockEmails().filter((email) => email.to === address)
    const variant = (title: string) => shop.variants[title].id
    const comingSoonService = (container: ReturnType<typeof getContainer>) => container.resolve<ComingSoonModuleService>(COMING_SOON_MODULE)

    it("subscribes once per address and variant, even for concurrent repeats; refuses bad input with 4xx and writes nothing", async () => {
      const first = await subscribe({ variant_id: variant("Red"), email: " Ada@Example.com ", consent: true })
      expect([first.status, first.data]).toEqual([200, { success: true }])
      const repeats = await Promise.all(
        [1, 2, 3, 4].map((index) => subscribe({ variant_id: variant("Red"), email: "ada@example.com" }, `203.0.113.${20 + index}`))
      )
      expect(repeats.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      expect((await subscribe({ variant_id: variant("Blue"), email: "ada@example.com" })).status).toBe(200)
      const rows = await subscriptions(getContainer())
      expect(rows.map((row) => [row.email, row.variant_id, row.product_id, row.status])).toEqual([
        ["ada@example.com", variant("Red"), shop.productId, "waiting"],
        ["ada@example.com", variant("Blue"), shop.productId, "waiting"],
      ])

      const refused = [
        { variant_id: variant("Red"), email: "grace@example.com", website_url: "https://spam.example" },
        { variant_id: variant("Red"), email: "not an address" },
        { variant_id: variant("Red") },
        { email: "grace@example.com" },
        { variant_id: "variant_does_not_exist", email: "grace@example.com" },
        { variant_id: "bad\u0000id", email: "grace@example.com" },
        { variant_id: "x".repeat(300), email: "grace@example.com" },
        { variant_id: variant("Red"), email: "grace@example.com", unknown: 1 },
        { variant_id: 12, email: "grace@example.com" },
        { variant_id: variant("Red"), email: "grace@example.com", consent: "yes" },
        [],
      ]
      for (const [index, body] of refused.entries()) {
        const answer = await subscribe(body, `198.51.100.${index + 1}`)
        expect([index, answer.status, answer.data.type]).toEqual([index, 400, "invalid_data"])
        expect(typeof answer.data.message).toBe("string")
      }
      const spam = await subscribe({ variant_id: variant("Red"), email: "grace@example.com", website_url: "x" }, "198.51.100.99")
      expect(spam.data.message).toBe("Spam detected")
      expect(await subscriptions(getContainer())).toHaveLength(2)

      // No publishable key: Medusa's own refusal.
      expect((await api.post("/store/back-in-stock", { variant_id: variant("Red"), email: "x@example.com" }, { validateStatus: () => true })).status).toBe(400)
    })

    it("limits signups per client address (5 per window by default), other addresses unaffected", async () => {
      const answers: Awaited<ReturnType<typeof subscribe>>[] = []
      for (let index = 0; index < 6; index++) {
        answers.push(await subscribe({ variant_id: variant("Red"), email: `shopper${index}@example.com` }, "192.0.2.7"))
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429])
      expect(answers[5].headers["retry-after"]).toMatch(/^\d+$/)
      expect((await subscribe({ variant_id: variant("Red"), email: "other@example.com" }, "192.0.2.8")).status).toBe(200)
      expect(await subscriptions(getContainer())).toHaveLength(6)
    })

    it("emails each waiting subscriber once when its variant is restocked, even when checks race; a second restock notifies only those waiting again", async () => {
      const container = getContainer()
      for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"]) {
        expect((await subscribe({ variant_id: variant("Red"), email }, `203.0.113.${email.charCodeAt(0)}`)).status).toBe(200)
      }
      expect((await subscribe({ variant_id: variant("Blue"), email: "a@example.com" })).status).toBe(200)

      // Nothing is available: no email.
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails()).toHaveLength(0)

      // Red comes back, unseen by events: two checks (two processes) race, and the workflow a third time.
      await setStockQuietly(container, shop, "Red", 3)
      const deps = await restockDepsOf(container)
      await Promise.all([notifyRestockedVariants(deps, LIMITS), notifyRestockedVariants(deps, LIMITS), notifyRestockedVariantsWorkflow(container).run()])
      expect(restockEmails().map((email) => email.to).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"])
      const data = emailsTo("a@example.com")[0].data as BackInStockEmailData
      expect(emailsTo("a@example.com")[0].channel).toBe("email")
      expect(data).toEqual({
        product_id: shop.productId,
        variant_id: variant("Red"),
        product_title: shop.productTitle,
        variant_title: "Red",
        product_url: null,
        email: "a@example.com",
        unsubscribe_url: expect.stringMatching(/\/store\/coming-soon\/unsubscribe\?token=csbis_/),
        locale: "en",
      })
      let rows = await subscriptions(container)
      expect(rows.filter((row) => row.variant_id === variant("Red")).map((row) => [row.status, row.restock_round])).toEqual(
        Array(5).fill(["notified", 1])
      )
      expect(rows.find((row) => row.variant_id === variant("Blue"))!.status).toBe("waiting")

      // Checking again sends nothing more.
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails()).toHaveLength(5)

      // Red sells out; b signs up again, f is new; the restock, through Medusa's inventory event, reaches only those two.
      await setStockQuietly(container, shop, "Red", 0)
      expect((await subscribe({ variant_id: variant("Red"), email: "b@example.com" })).status).toBe(200)
      expect((await subscribe({ variant_id: variant("Red"), email: "f@example.com" })).status).toBe(200)
      await setStock(container, shop, "Red", 2)
      await waitFor(restockEmails, (sent) => sent.length >= 7)
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails().map((email) => email.to).sort()).toEqual(
        ["a", "b", "b", "c", "d", "e", "f"].map((name) => `${name}@example.com`)
      )
      rows = await subscriptions(container)
      expect(rows.find((row) => row.email === "b@example.com" && row.variant_id === variant("Red"))!.restock_round).toBe(2)
      expect(rows.filter((row) => row.variant_id === variant("Red"))).toHaveLength(6)
    })

    it("first come, first served: a partial restock emails as many as came back, in signup order, even when checks race; the rest wait for the next", async () => {
      const container = getContainer()
      // The store's option on while the case runs, so a check an inventory event starts (the shop's
      // own levels were made by Medusa's workflow) is first come, first served too.
      const options = comingSoonService(container).options as { backInStock?: { firstComeFirstServed?: boolean } }
      const saved = options.backInStock
      options.backInStock = { firstComeFirstServed: true }
      const waiting = ["a", "b", "c", "d", "e"].map((name) => `${name}@example.com`)
      const deps = await restockDepsOf(container)
      const check = () => notifyRestockedVariants(deps, { ...LIMITS, batchSize: 1, firstComeFirstServed: true })
      const sentTo = () => restockEmails().map((email) => email.to)
      try {
        for (const [index, email] of waiting.entries()) {
          expect((await subscribe({ variant_id: variant("Blue"), email }, `203.0.113.${60 + index}`)).status).toBe(200)
        }

        // Two units come back: three racing checks email the first two signups, no more.
        await setStockQuietly(container, shop, "Blue", 2)
        await Promise.all([check(), check(), check()])
        expect(sentTo().sort()).toEqual(["a@example.com", "b@example.com"])
        await check()
        expect(sentTo()).toHaveLength(2)

        // A third unit arrives while two are still for sale: the next in line.
        await setStockQuietly(container, shop, "Blue", 3)
        await check()
        expect(sentTo().slice(2)).toEqual(["c@example.com"])

        // Sold out, then five come back: the two still waiting, and the round's grants are no more than that.
        await setStockQuietly(container, shop, "Blue", 0)
        await check()
        expect(sentTo()).toHaveLength(3)
        await setStockQuietly(container, shop, "Blue", 5)
        await Promise.all([check(), check()])
        expect(sentTo().slice(3).sort()).toEqual(["d@example.com", "e@example.com"])
        const rows = await subscriptions(container)
        expect(rows.map((row) => [row.email, row.status, row.restock_round])).toEqual(waiting.map((email) => [email, "notified", 1]))
      } finally {
        options.backInStock = saved
      }

      // Without it (the default), one restock reaches every waiting subscriber whatever the units.
      for (const [index, email] of ["f@example.com", "g@example.com", "h@example.com"].entries()) {
        expect((await subscribe({ variant_id: variant("Green"), email }, `203.0.113.${70 + index}`)).status).toBe(200)
      }
      await setStockQuietly(container, shop, "Green", 1)
      await notifyRestockedVariantsWorkflow(container).run()
      expect(sentTo().slice(5).sort()).toEqual(["f@example.com", "g@example.com", "h@example.com"])
    })

    it("retries a failed send later, and never emails an unsubscribed subscriber", async () => {
      const container = getContainer()
      for (const email of ["kept@example.com", "failing@example.com", "leaving@example.com"]) {
        expect((await subscribe({ variant_id: variant("Green"), email }, `203.0.113.${email.length}`)).status).toBe(200)
      }
      const leaving = (await subscriptions(container)).find((row) => row.email === "leaving@example.com")!
      const token = issueSignupLinkToken(await signupTokenKeyOf(container), "unsubscribe", leaving.id)
      const link = `/store/coming-soon/unsubscribe?token=${encodeURIComponent(token)}`
      // A GET (a mail scanner) changes nothing; the POST, without a publishable key, unsubscribes.
      const page = await api.get(link, { validateStatus: () => true })
      expect([page.status, page.data.includes("Stop the back-in-stock email?"), page.data.includes("launch")]).toEqual([200, true, false])
      const german = await api.get(`${link}&locale=de`, { validateStatus: () => true })
      expect(german.data).toContain("Keine Nachricht bei Wiederverfügbarkeit?")
      expect((await subscriptions(container)).find((row) => row.id === leaving.id)!.status).toBe("waiting")
      const done = await api.post(link, undefined, { validateStatus: () => true })
      expect([done.status, done.data.includes("You will not be emailed")]).toEqual([200, true])
      expect((await subscriptions(container)).find((row) => row.id === leaving.id)!.status).toBe("unsubscribed")

      emailDouble().failing.add("failing@example.com")
      await setStockQuietly(container, shop, "Green", 1)
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails().map((email) => email.to)).toEqual(["kept@example.com"])
      const failed = (await subscriptions(container)).find((row) => row.email === "failing@example.com")!
      expect([failed.status, failed.notified_at]).toEqual(["waiting", null])
      expect(failed.next_notify_at!.getTime()).toBeGreaterThan(Date.now())

      // Its backoff over, the next check sends it once; the unsubscribed row never.
      emailDouble().failing.clear()
      await comingSoonService(container).updateCsBackInStocks({ id: failed.id, next_notify_at: new Date(Date.now() - 1000) })
      await notifyRestockedVariantsWorkflow(container).run()
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails().map((email) => email.to)).toEqual(["kept@example.com", "failing@example.com"])
      expect(emailsTo("leaving@example.com")).toHaveLength(0)
    })

    it("lists variants by waiting subscribers for the admin, with notified and converted counts; an order with the variant and address converts", async () => {
      const container = getContainer()
      const signups: [string, string][] = [
        ["Blue", "a@example.com"], ["Blue", "b@example.com"], ["Blue", "c@example.com"],
        ["Green", "a@example.com"],
        ["Red", "a@example.com"], ["Red", "b@example.com"],
      ]
      for (const [index, [title, email]] of signups.entries()) {
        expect((await subscribe({ variant_id: variant(title), email }, `203.0.113.${100 + index}`)).status).toBe(200)
      }
      await setStockQuietly(container, shop, "Red", 5)
      await notifyRestockedVariantsWorkflow(container).run()
      expect(restockEmails()).toHaveLength(2)

      // An order by b (another case) with Red converts b's row only; a's order of Blue converts nothing (never notified).
      const orders = container.resolve(Modules.ORDER)
      const place = async (email: string, title: string) => {
        const [order] = await orders.createOrders([
          { currency_code: "usd", email, items: [{ title: "Aurora lamp", product_id: shop.productId, variant_id: variant(title), quantity: 1, unit_price: 49 }] },
        ])
        return order
      }
      const byB = await place("B@Example.com", "Red")
      await container.resolve(Modules.EVENT_BUS).emit({ name: "order.placed", data: { id: byB.id } })
      const converted = () => subscriptions(container).then((rows) => rows.filter((row) => row.converted_order_id))
      expect((await waitFor(converted, (rows) => rows.length >= 1)).map((row) => [row.email, row.variant_id])).toEqual([["b@example.com", variant("Red")]])
      const byA = await place("a@example.com", "Blue")
      await markBackInStockConversionsWorkflow(container).run({ input: { order_id: byA.id } })
      await markBackInStockConversionsWorkflow(container).run({ input: { order_id: byB.id } })
      expect(await converted()).toHaveLength(1)

      const list = await api.get("/admin/back-in-stock?order=demand", { headers: admin.bearer })
      expect(list.status).toBe(200)
      expect(list.data).toEqual({
        variants: [
          { variant_id: variant("Blue"), product_id: shop.productId, product_title: shop.productTitle, variant_title: "Blue", waiting: 3, notified: 0, converted: 0 },
          { variant_id: variant("Green"), product_id: shop.productId, product_title: shop.productTitle, variant_title: "Green", waiting: 1, notified: 0, converted: 0 },
          { variant_id: variant("Red"), product_id: shop.productId, product_title: shop.productTitle, variant_title: "Red", waiting: 0, notified: 2, converted: 1 },
        ],
        count: 3,
        limit: 20,
        offset: 0,
      })
      const page = await api.get("/admin/back-in-stock?limit=1&offset=1", { headers: admin.bearer })
      expect([page.data.variants.map((row: { variant_id: string }) => row.variant_id), page.data.count, page.data.limit]).toEqual([[variant("Green")], 3, 1])
      expect((await api.get("/admin/back-in-stock?limit=1000", { headers: admin.bearer })).data.limit).toBe(100)
      for (const bad of ["order=newest", "limit=0", "offset=-1", "limit=abc"]) {
        const answer = await api.get(`/admin/back-in-stock?${bad}`, { headers: admin.bearer, validateStatus: () => true })
        expect([bad, answer.status]).toEqual([bad, 400])
      }
      expect((await api.get("/admin/back-in-stock", { validateStatus: () => true })).status).toBe(401)
      // One product's variants, for its page's widget.
      const other = await createStockedShop(container, ["Only"])
      expect((await subscribe({ variant_id: other.variants.Only.id, email: "z@example.com" }, "203.0.113.120")).status).toBe(200)
      const ofProduct = await api.get(`/admin/back-in-stock?product_id=${other.productId}`, { headers: admin.bearer })
      expect([ofProduct.data.variants.map((row: { variant_id: string }) => row.variant_id), ofProduct.data.count]).toEqual([[other.variants.Only.id], 1])
    })

    it("lists and exports the subscriptions for the admin, and erases one with its emails' records", async () => {
      const container = getContainer()
      for (const [index, [title, email]] of ([["Red", "ada@example.com"], ["Red", "grace@example.com"], ["Blue", "ada@example.com"]] as const).entries()) {
        expect((await subscribe({ variant_id: variant(title), email }, `203.0.113.${130 + index}`)).status).toBe(200)
      }
      await setStockQuietly(container, shop, "Red", 4)
      await notifyRestockedVariantsWorkflow(container).run()
      const get = (query: string) => api.get(`/admin/back-in-stock/subscriptions?${query}`, { headers: admin.bearer, validateStatus: () => true })

      const all = await get(`product_id=${shop.productId}`)
      expect(all.status).toBe(200)
      expect([all.data.count, all.data.limit, all.data.offset]).toEqual([3, 20, 0])
      expect(all.data.subscriptions.map((row: { email: string; variant_id: string; status: string }) => [row.email, row.variant_id, row.status])).toEqual([
        ["ada@example.com", variant("Blue"), "waiting"],
        ["grace@example.com", variant("Red"), "notified"],
        ["ada@example.com", variant("Red"), "notified"],
      ])
      expect(Object.keys(all.data.subscriptions[0]).sort()).toEqual(
        ["consent_at", "consent_text", "converted_at", "converted_order_id", "created_at", "customer_id", "email", "id", "locale", "notified_at", "product_id", "restock_round", "status", "unsubscribed_at", "variant_id"]
      )
      expect((await get(`search=ADA&status=notified`)).data.subscriptions.map((row: { variant_id: string }) => row.variant_id)).toEqual([variant("Red")])
      expect((await get(`variant_id=${variant("Blue")}&limit=1`)).data.count).toBe(1)
      // The search's wildcards are its own letters.
      expect((await get("search=%25")).data.count).toBe(0)
      for (const bad of ["status=gone", "limit=0", "format=xml", "offset=-1", "search=" + "a".repeat(201)]) {
        expect([bad, (await get(bad)).status]).toEqual([bad, 400])
      }

      const csv = await api.get(`/admin/back-in-stock/subscriptions?format=csv&product_id=${shop.productId}`, { headers: admin.bearer, responseType: "text" })
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
      const lines = String(csv.data).trim().split("\n")
      expect(lines[0]).toBe("id,email,product_id,variant_id,customer_id,locale,status,restock_round,created_at,notified_at,unsubscribed_at,converted_order_id,converted_at,consent_text,consent_at")
      expect(lines.slice(1).map((line) => line.split(",").slice(1, 2)[0])).toEqual(["ada@example.com", "grace@example.com", "ada@example.com"])

      // Erasure: the row and the Notification module's record of its email, for good.
      const notifications = container.resolve(Modules.NOTIFICATION)
      const ada = all.data.subscriptions[2]
      expect(await notifications.listNotifications({ resource_type: "cs_back_in_stock", resource_id: ada.id })).toHaveLength(1)
      const erase = (id: string) => api.delete(`/admin/back-in-stock/subscriptions/${id}`, { headers: admin.bearer, validateStatus: () => true })
      const erased = await erase(ada.id)
      expect([erased.status, erased.data]).toEqual([200, { success: true, notifications_erased: 1 }])
      expect(await notifications.listNotifications({ resource_type: "cs_back_in_stock", resource_id: ada.id })).toHaveLength(0)
      expect((await subscriptions(container)).map((row) => row.id)).not.toContain(ada.id)
      expect((await notifications.listNotifications({ to: "grace@example.com" })).length).toBe(1)
      expect((await erase(ada.id)).status).toBe(404)
      expect((await erase("csbis_nope")).status).toBe(404)
      expect((await api.delete(`/admin/back-in-stock/subscriptions/${all.data.subscriptions[1].id}`, { validateStatus: () => true })).status).toBe(401)
    })
  },
})
