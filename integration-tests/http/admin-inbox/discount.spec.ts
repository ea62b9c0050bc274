// A discount for the shopper of a conversation (CONTRACT §11): a single-use promotion through
// Medusa's Promotion module, handed over as the agent's message in the thread.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { Modules } from "@medusajs/framework/utils"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

const BASE = "/admin/app/v1"
const DAY_MS = 24 * 60 * 60 * 1000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    const post = (path: string, body: unknown) => api.post(`${BASE}${path}`, body, { headers: admin.bearer, validateStatus: () => true })
    const promotions = () => getContainer().resolve(Modules.PROMOTION)

    async function visitorConversation() {
      const shopper = new VisitorClient(api, publishableKey, "203.0.113.90")
      const { data } = await shopper.session()
      await shopper.send({ message: "The zip broke after a week" })
      return { shopper, conversationId: data.conversation_id as number }
    }

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    it("makes a single-use percentage code for chosen products, expiring with a campaign, and sends it in the thread", async () => {
      const { shopper, conversationId } = await visitorConversation()
      const started = Date.now()
      const answer = await post(`/conversation/${conversationId}/discount`, {
        type: "percentage",
        value: 15,
        expires_in_days: 7,
        product_ids: ["prod_jacket", "prod_scarf"],
      })
      expect(answer.status).toBe(200)
      expect(answer.data).toEqual({ code: expect.stringMatching(/^CHAT-[2-9A-HJKMNP-TV-Z]{10}$/), promotion_id: expect.any(String), message_id: expect.any(Number) })

      const [promotion] = await promotions().listPromotions(
        { id: answer.data.promotion_id },
        { relations: ["application_method", "application_method.target_rules", "campaign"] }
      )
      expect(promotion).toMatchObject({ code: answer.data.code, status: "active", is_automatic: false, limit: 1 })
      expect(promotion.application_method).toMatchObject({ type: "percentage", value: 15, target_type: "items", allocation: "across" })
      expect(promotion.application_method?.target_rules?.[0]).toMatchObject({ attribute: "items.product.id", operator: "in" })
      const endsAt = new Date(promotion.campaign!.ends_at!).getTime()
      expect(endsAt).toBeGreaterThanOrEqual(started + 7 * DAY_MS - 1000)
      expect(endsAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000)

      // The shopper reads it as the agent's message, in the conversation's language (English here).
      const { data } = await shopper.poll(0)
      expect(data.messages).toContainEqual(
        expect.objectContaining({ message_id: answer.data.message_id, sender: "agent", message: `Here is a discount code for you: ${answer.data.code}` })
      )
    })

    it("makes a fixed amount off the order in its currency, without expiry; each call a new code", async () => {
      const { conversationId } = await visitorConversation()
      const first = await post(`/conversation/${conversationId}/discount`, { type: "fixed", value: 5, currency_code: "EUR" })
      const second = await post(`/conversation/${conversationId}/discount`, { type: "fixed", value: 5, currency_code: "eur" })
      expect([first.status, second.status]).toEqual([200, 200])
      expect(first.data.code).not.toBe(second.data.code)
      const [promotion] = await promotions().listPromotions({ id: first.data.promotion_id }, { relations: ["application_method", "campaign"] })
      expect(promotion.campaign).toBeFalsy()
      expect(promotion.application_method).toMatchObject({ type: "fixed", value: 5, currency_code: "eur", target_type: "order" })
    })

    it.each([
      ["a percentage over 100", { type: "percentage", value: 101 }],
      ["a value of zero", { type: "percentage", value: 0 }],
      ["a value that is text", { type: "percentage", value: "10" }],
      ["a fixed amount without a currency", { type: "fixed", value: 5 }],
      ["a percentage with a currency", { type: "percentage", value: 5, currency_code: "eur" }],
      ["a currency that is not a code", { type: "fixed", value: 5, currency_code: "euro" }],
      ["an unknown type", { type: "free_shipping", value: 5 }],
      ["an expiry of zero days", { type: "percentage", value: 5, expires_in_days: 0 }],
      ["an expiry over a year", { type: "percentage", value: 5, expires_in_days: 366 }],
      ["an empty product list", { type: "percentage", value: 5, product_ids: [] }],
      ["an unknown field", { type: "percentage", value: 5, usage_limit: 100 }],
    ])("refuses %s with 400 and makes no promotion", async (_case, body) => {
      const { conversationId } = await visitorConversation()
      const answer = await post(`/conversation/${conversationId}/discount`, body)
      expect(answer.status).toBe(400)
      expect(answer.data).toEqual({ type: "invalid_data", message: expect.any(String) })
      expect(await promotions().listPromotions({})).toEqual([])
    })

    it("answers 404 for a conversation that does not exist and makes no promotion", async () => {
      const answer = await post("/conversation/99999/discount", { type: "percentage", value: 10 })
      expect(answer.status).toBe(404)
      expect(await promotions().listPromotions({})).toEqual([])
    })
  },
})
