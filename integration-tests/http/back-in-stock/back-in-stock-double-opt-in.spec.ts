import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { config as restockJob } from "../../../src/jobs/notify-restocked-variants"
import { config as confirmationJob } from "../../../src/jobs/send-coming-soon-confirmations"
import sendComingSoonConfirmations from "../../../src/jobs/send-coming-soon-confirmations"
import { notifyRestockedVariantsWorkflow } from "../../../src/workflows/back-in-stock/notify-restocked-variants"
import { BACK_IN_STOCK_TEMPLATE } from "../../../src/coming-soon/back-in-stock-restock"
import { CONFIRMATION_EMAIL_TEMPLATE, type ConfirmationEmailData } from "../../../src/coming-soon/confirmation-emails"
import { createStockedShop, setStockQuietly, subscriptions, type StockedShop } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts switches double opt-in on and puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_DOUBLE_OPT_IN = "1"
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

// Issue 33's double opt-in for back-in-stock subscriptions: with `doubleOptIn` on, a new
// subscription gets the waitlist's confirmation email and no restock email until its address is
// confirmed from it.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let shop: StockedShop
    let admin: AdminCredentials
    beforeAll(() => Promise.all([takeOffSchedule(restockJob), takeOffSchedule(confirmationJob)]))
    beforeEach(async () => {
      admin = await createAdmin(api, getContainer())
      shop = await createStockedShop(getContainer(), ["Red"])
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    let ip = 0
    const subscribe = (email: string) =>
      api.post(
        "/store/back-in-stock",
        { variant_id: shop.variants.Red.id, email },
        { headers: { "x-publishable-api-key": shop.publishableKey, "x-forwarded-for": `203.0.113.${++ip}` }, validateStatus: () => true }
      )
    const sent = (template: string, to?: string) => emailDouble().sent.filter((email) => email.template === template && (to === undefined || email.to === to))
    /** Waits for the confirmation email a subscription request sends after answering. */
    async function confirmationTo(address: string) {
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline) {
        const [email] = sent(CONFIRMATION_EMAIL_TEMPLATE, address)
        if (email) return email.data as ConfirmationEmailData
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no confirmation email to ${address}`)
    }
    // The confirmation page's button, as an email client posts it: no publishable key.
    const pressConfirm = (url: string) => {
      const link = new URL(url)
      const token = link.searchParams.get("token") ?? ""
      return api.post(`${link.pathname}${link.search}`, `token=${encodeURIComponent(token)}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        validateStatus: () => true,
      })
    }
    /** The variant's line in the admin's demand list: unconfirmed addresses are not counted as waiting. */
    const demandOfRed = async () => {
      const { data } = await api.get(`/admin/back-in-stock?order=demand&product_id=${shop.productId}`, { headers: admin.bearer })
      return (data.variants as { waiting: number }[])[0]?.waiting ?? 0
    }
    const rowOf = async (email: string) => (await subscriptions(getContainer())).find((row) => row.email === email)!

    it("emails an unconfirmed subscription the waitlist's confirmation, not the restock; once confirmed, the restock comes", async () => {
      const container = getContainer()
      for (const email of ["ada@example.com", "bob@example.com"]) {
        const answer = await subscribe(email)
        expect([answer.status, answer.data]).toEqual([200, { success: true, confirmation_required: true }])
      }
      const ada = await confirmationTo("ada@example.com")
      expect(ada).toEqual({
        product_id: shop.productId,
        product_title: shop.productTitle,
        email: "ada@example.com",
        confirm_url: expect.stringMatching(/\/store\/coming-soon\/confirm\?token=csbis_/),
        unsubscribe_url: expect.stringMatching(/\/store\/coming-soon\/unsubscribe\?token=csbis_/),
        locale: "en",
      })
      await confirmationTo("bob@example.com")
      expect(await rowOf("ada@example.com")).toMatchObject({ confirmed_at: null, confirm_status: "sent", status: "waiting" })

      expect(await demandOfRed()).toBe(0)

      // A repeat sends no second confirmation; the job finds nothing left to send.
      expect((await subscribe("ada@example.com")).data).toEqual({ success: true, confirmation_required: true })
      await sendComingSoonConfirmations(container)
      expect(sent(CONFIRMATION_EMAIL_TEMPLATE)).toHaveLength(2)

      // Ada confirms; Bob does not. The variant comes back: only Ada hears of it.
      const page = await pressConfirm(ada.confirm_url)
      expect(page.status).toBe(200)
      expect((await rowOf("ada@example.com")).confirmed_at).not.toBeNull()
      expect(await demandOfRed()).toBe(1)
      await setStockQuietly(container, shop, "Red", 5)
      await notifyRestockedVariantsWorkflow(container).run()
      await notifyRestockedVariantsWorkflow(container).run()
      expect(sent(BACK_IN_STOCK_TEMPLATE).map((email) => email.to)).toEqual(["ada@example.com"])
      expect(await rowOf("bob@example.com")).toMatchObject({ status: "waiting", confirmed_at: null, restocked_at: null, notified_at: null })

      // Bob confirms while it is still in stock: the next check emails him, once.
      const bob = await confirmationTo("bob@example.com")
      expect((await pressConfirm(bob.confirm_url)).status).toBe(200)
      await notifyRestockedVariantsWorkflow(container).run()
      await notifyRestockedVariantsWorkflow(container).run()
      expect(sent(BACK_IN_STOCK_TEMPLATE).map((email) => email.to).sort()).toEqual(["ada@example.com", "bob@example.com"])
      expect((await rowOf("bob@example.com")).status).toBe("notified")
    })
  },
})
