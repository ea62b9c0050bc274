import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { createPublishableKey } from "../../utils/store"
import { waitFor } from "../../utils/wait-for"
import { config as grantJob } from "../../../src/jobs/grant-referral-rewards"
import { grantReferralRewardsWorkflow } from "../../../src/workflows/coming-soon/grant-referral-rewards"
import { REWARD_EMAIL_TEMPLATE, type RewardEmailData } from "../../../src/coming-soon/referral-rewards"
import { createProduct } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts puts the email double in place of the local provider; double opt-in stays off,
// so a friend's signup is a confirmed referral as it is made.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

// CONTRACT §12: without double opt-in the referrer's reward goes out from the signup's event,
// without waiting for the job (taken off the schedule here, so only the event can send it).
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let ipCounter = 0
    beforeAll(() => takeOffSchedule(grantJob))
    beforeEach(async () => {
      admin = await createAdmin(api, getContainer())
      publishableKey = await createPublishableKey(getContainer())
      emailDouble().sent.length = 0
    })
    const rewardEmails = () => emailDouble().sent.filter((email) => email.template === REWARD_EMAIL_TEMPLATE)
    const signup = (productId: string, signupToken: string, email: string, sharedBy?: string) =>
      api.post(
        "/store/coming-soon/signup",
        { signup_token: signupToken, product_id: productId, email, name: "", ...(sharedBy ? { shared_by: sharedBy } : {}) },
        { headers: { "x-publishable-api-key": publishableKey, "x-forwarded-for": `10.36.0.${++ipCounter}` } }
      )

    it("emails the referrer's code once the friend's signup is recorded, and once only", async () => {
      const productId = await createProduct(getContainer())
      const saved = await api.post(
        `/admin/coming-soon/products/${productId}`,
        { enabled: true, email_provider: "ledger", referral_rewards: [{ referrals: 1, promotion: { type: "percentage", value: 15 } }] },
        { headers: admin.bearer }
      )
      expect(saved.status).toBe(200)
      const signupToken = (await api.get(`/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })).data.signup_token
      const referrer = await signup(productId, signupToken, "host@example.com")
      const code = referrer.data.data.referral_code as string

      expect((await signup(productId, signupToken, "friend@example.com", code)).status).toBe(200)
      const sent = await waitFor(rewardEmails, (emails) => emails.length > 0)
      expect(sent.map((email) => [email.to, (email.data as RewardEmailData).referrals])).toEqual([["host@example.com", 1]])

      // A second friend reaches no new step, and the same friend again is no new referral: a full
      // run after their signups finds nothing more to grant.
      expect((await signup(productId, signupToken, "friend2@example.com", code)).status).toBe(200)
      expect((await signup(productId, signupToken, "friend@example.com", code)).status).toBe(200)
      await grantReferralRewardsWorkflow(getContainer()).run({ input: {} })
      expect(rewardEmails()).toHaveLength(1)
      // The event's run may still be settling its row after the email went out.
      const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      const rewards = await waitFor(
        async () => (await knex.raw<{ rows: { referrals: number; status: string }[] }>(`SELECT referrals, status FROM cs_referral_reward`)).rows,
        (rows) => rows.every((row) => row.status === "sent")
      )
      expect(rewards).toEqual([{ referrals: 1, status: "sent" }])
    })
  },
})
