import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import grantReferralRewardsJob, { config as grantJob } from "../../../src/jobs/grant-referral-rewards"
import { grantReferralRewards, type RewardEmailData } from "../../../src/coming-soon/referral-rewards"
import { referralRewardDepsOf, rewardCampaignIdentifier, rewardPromotionCode } from "../../../src/medusa/coming-soon-referral-rewards"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { signupLinkUrl } from "../../../src/medusa/coming-soon-signup-links"
import type { SignupRow } from "../../../src/modules/coming-soon/sql/signup-repository"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { comingSoon, createProduct, insertLedgerRow, mailerIntegrationTestRunner } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts switches double opt-in on and puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_DOUBLE_OPT_IN = "1"
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const MAILER_KEY = "mlk-live-referral0rewards"
const TEMPLATE = "launchdesk.coming-soon.reward"
const mailer = new FakeMailerLite(MAILER_KEY)

type RewardRow = { id: string; signup_id: string; referrals: number; status: string; attempts: number; promotion_code: string | null; last_error: string | null }

// CONTRACT §12: a signup whose confirmed referrals reach a reward step gets one single-use code
// by email, once, however many processes grant at once.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin }) => {
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const adminPost = (path: string, body: unknown) => api.post(`/admin/coming-soon${path}`, body, { headers: admin().bearer, validateStatus: () => true })
    const adminGet = (path: string) => api.get(`/admin/coming-soon${path}`, { headers: admin().bearer, validateStatus: () => true })
    const rewardEmails = (address?: string) =>
      emailDouble().sent.filter((email) => email.template === TEMPLATE && (address === undefined || email.to === address))
    const rewardsOf = async (signupId: string) =>
      (await knex().raw<{ rows: RewardRow[] }>(`SELECT * FROM cs_referral_reward WHERE signup_id = ? ORDER BY referrals`, [signupId])).rows
    const runJob = () => grantReferralRewardsJob(getContainer())

    // The spec runs the job itself: a scheduled run would grant at a moment of its own.
    beforeAll(() => takeOffSchedule(grantJob))
    beforeEach(() => {
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    const PERCENT = { type: "percentage", value: 10 }
    const FIVE_EUROS = { type: "fixed", value: 5, currency_code: "EUR", expires_in_days: 30 }

    async function ledgerProduct(settings: Record<string, unknown> = {}) {
      const productId = await createProduct(getContainer())
      const saved = await adminPost(`/products/${productId}`, { enabled: true, email_provider: "ledger", ...settings })
      expect(saved.status).toBe(200)
      return productId
    }

    /** A ledger row as the signup leaves it: confirmed at once, or waiting for its confirmation (double opt-in). */
    async function row(productId: string, email: string, extra: { referrer?: SignupRow; confirmed?: boolean; locale?: string } = {}) {
      const { signup } = await insertLedgerRow(getContainer(), {
        email,
        product_id: productId,
        mailer_group_id: null,
        referrer_id: extra.referrer?.referral_code ?? null,
        locale: extra.locale ?? null,
        sync_status: "skipped",
        leaseSeconds: 60,
        awaitsConfirmation: extra.confirmed === false,
      })
      return signup
    }

    /** Confirms a row as its email's link does: the page's button posts the token back, no publishable key. */
    async function confirmByLink(signupId: string) {
      const url = new URL(signupLinkUrl(await signupTokenKeyOf(getContainer()), "http://localhost", "confirm", signupId))
      const token = url.searchParams.get("token") ?? ""
      const answer = await api.post(`${url.pathname}${url.search}`, `token=${encodeURIComponent(token)}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        validateStatus: () => true,
      })
      expect(answer.status).toBe(200)
    }

    it("validates reward steps on the product and the store: bad steps are 400 and nothing is stored; good ones are kept in order", async () => {
      const productId = await ledgerProduct()
      const bad: unknown[] = [
        [{ referrals: 0, promotion: PERCENT }],
        [{ referrals: 1.5, promotion: PERCENT }],
        [{ referrals: "3", promotion: PERCENT }],
        [{ referrals: 2, promotion: PERCENT }, { referrals: 2, promotion: FIVE_EUROS }],
        Array.from({ length: 11 }, (_, index) => ({ referrals: index + 1, promotion: PERCENT })),
        [{ referrals: 1, promotion: { type: "percentage", value: 150 } }],
        [{ referrals: 1, promotion: { type: "fixed", value: 5 } }],
        [{ referrals: 1 }],
        [{ referrals: 1, promotion: PERCENT, bonus: true }],
        { referrals: 1, promotion: PERCENT },
      ]
      for (const steps of bad) {
        for (const path of [`/products/${productId}`, "/settings"]) {
          const answer = await adminPost(path, { referral_rewards: steps })
          expect([path, JSON.stringify(steps), answer.status, answer.data.type]).toEqual([path, JSON.stringify(steps), 400, "invalid_data"])
        }
      }
      expect((await adminGet(`/products/${productId}`)).data.referral_rewards).toBeNull()
      expect((await adminGet("/settings")).data.referral_rewards).toEqual([])

      const saved = await adminPost(`/products/${productId}`, { referral_rewards: [{ referrals: 3, promotion: FIVE_EUROS }, { referrals: 1, promotion: PERCENT }] })
      expect(saved.status).toBe(200)
      expect(saved.data.referral_rewards).toEqual([
        { referrals: 1, promotion: PERCENT },
        { referrals: 3, promotion: { ...FIVE_EUROS, currency_code: "eur" } },
      ])
      // A partial update keeps them; null hands the product back to the store's steps.
      expect((await adminPost(`/products/${productId}`, { preorder: false })).data.referral_rewards).toHaveLength(2)
      expect((await adminPost(`/products/${productId}`, { referral_rewards: null })).data.referral_rewards).toBeNull()

      const store = await adminPost("/settings", { referral_rewards: [{ referrals: 5, promotion: PERCENT }] })
      expect(store.status).toBe(200)
      expect(store.data.referral_rewards).toEqual([{ referrals: 5, promotion: PERCENT }])
      expect((await adminGet("/settings")).data.referral_rewards).toEqual([{ referrals: 5, promotion: PERCENT }])
      expect((await adminPost("/settings", { referral_rewards: null })).data.referral_rewards).toEqual([])
    })

    it("emails one single-use code per step reached, counting only confirmed referrals, in the referrer's locale", async () => {
      const productId = await ledgerProduct({
        referral_rewards: [{ referrals: 1, promotion: PERCENT }, { referrals: 3, promotion: FIVE_EUROS }],
      })
      const referrer = await row(productId, "ada@example.com", { locale: "de" })
      const friends = [] as SignupRow[]
      for (const name of ["bo", "cy", "di", "ed"]) friends.push(await row(productId, `${name}@example.com`, { referrer, confirmed: false }))

      // Four friends signed up, none confirmed yet: no step is reached.
      await runJob()
      expect(rewardEmails()).toHaveLength(0)
      expect(await rewardsOf(referrer.id)).toEqual([])

      await confirmByLink(friends[0].id)
      await runJob()
      await runJob()
      expect(rewardEmails()).toHaveLength(1)
      const [first] = rewardEmails(referrer.email)
      const firstData = first.data as RewardEmailData
      expect(firstData).toMatchObject({ product_id: productId, email: referrer.email, referrals: 1, locale: "de" })
      expect(firstData.product_title).toMatch(/^Aurora lamp/)
      expect(firstData.status_url).toContain("/store/coming-soon/status?token=")
      expect(firstData.unsubscribe_url).toContain("/store/coming-soon/unsubscribe?token=")
      expect(firstData.code).toMatch(/^THANKS-[0-9A-Z]{10}$/)

      // Two more confirmed: the third reaches the second step; the second reaches nothing new.
      await (await comingSoon(getContainer()).confirmations()).confirm(friends[1].id)
      await runJob()
      expect(rewardEmails()).toHaveLength(1)
      await confirmByLink(friends[2].id)
      await runJob()
      await runJob()
      const emails = rewardEmails(referrer.email)
      expect(emails.map((email) => (email.data as RewardEmailData).referrals)).toEqual([1, 3])
      const codes = emails.map((email) => (email.data as RewardEmailData).code)
      expect(new Set(codes).size).toBe(2)
      expect((await rewardsOf(referrer.id)).map((reward) => [reward.referrals, reward.status, reward.promotion_code])).toEqual([
        [1, "sent", codes[0]],
        [3, "sent", codes[1]],
      ])
      // Nobody else was rewarded: the friends referred no one.
      expect(rewardEmails().map((email) => email.to)).toEqual([referrer.email, referrer.email])

      // Each code is single-use, limited to the product, with the step's offer.
      const promotions = await getContainer()
        .resolve(Modules.PROMOTION)
        .listPromotions({ code: codes }, { relations: ["application_method", "application_method.target_rules", "application_method.target_rules.values", "campaign"] })
      expect(promotions).toHaveLength(2)
      for (const promotion of promotions) {
        expect(promotion.limit).toBe(1)
        expect(promotion.application_method?.target_rules?.[0]?.values?.map((value) => value.value)).toEqual([productId])
      }
      const percent = promotions.find((promotion) => promotion.code === codes[0])!
      const fixed = promotions.find((promotion) => promotion.code === codes[1])!
      expect([percent.application_method?.type, Number(percent.application_method?.value), percent.campaign ?? null]).toEqual(["percentage", 10, null])
      expect([fixed.application_method?.type, Number(fixed.application_method?.value), fixed.application_method?.currency_code]).toEqual(["fixed", 5, "eur"])
      const lasts = new Date(fixed.campaign!.ends_at!).getTime() - new Date(fixed.campaign!.starts_at!).getTime()
      expect(lasts).toBe(30 * 24 * 3600 * 1000)
    })

    it("makes one reward, one code and one email when several runners race over the same step", async () => {
      expect((await adminPost("/settings", { referral_rewards: [{ referrals: 2, promotion: PERCENT }] })).status).toBe(200)
      // No steps of its own: the store's apply.
      const productId = await ledgerProduct()
      const referrer = await row(productId, "race@example.com")
      await row(productId, "race-friend1@example.com", { referrer })
      await row(productId, "race-friend2@example.com", { referrer })

      const deps = await referralRewardDepsOf(getContainer())
      const limits = { batchSize: 10, maxRows: 100, leaseSeconds: 60, budgetMs: 10_000 }
      const scope = { product_id: productId, referral_code: referrer.referral_code }
      await Promise.all([grantReferralRewards(deps, limits), grantReferralRewards(deps, limits, scope), grantReferralRewards(deps, limits), runJob()])

      const rewards = await rewardsOf(referrer.id)
      expect(rewards.map((reward) => [reward.referrals, reward.status])).toEqual([[2, "sent"]])
      expect(rewardEmails()).toHaveLength(1)
      const code = rewardPromotionCode(await signupTokenKeyOf(getContainer()), rewards[0].id)
      expect((rewardEmails()[0].data as RewardEmailData).code).toBe(code)
      expect(await getContainer().resolve(Modules.PROMOTION).listPromotions({ code })).toHaveLength(1)
      // The product turns rewards off with steps of its own: `[]`.
      expect((await adminPost(`/products/${productId}`, { referral_rewards: [] })).data.referral_rewards).toEqual([])
      const other = await row(productId, "quiet@example.com")
      await row(productId, "quiet-friend1@example.com", { referrer: other })
      await row(productId, "quiet-friend2@example.com", { referrer: other })
      await runJob()
      expect(await rewardsOf(other.id)).toEqual([])
    })

    it("gives unsubscribed signups nothing, retries a failed email, and erasure removes the rewards, their codes and campaigns", async () => {
      const productId = await ledgerProduct({ referral_rewards: [{ referrals: 1, promotion: FIVE_EUROS }] })
      const gone = await row(productId, "gone@example.com")
      await (await comingSoon(getContainer()).signups()).unsubscribe(gone.id)
      await row(productId, "gone-friend@example.com", { referrer: gone })

      const failing = await row(productId, "bounce@example.com")
      emailDouble().failing.add(failing.email)
      await row(productId, "bounce-friend@example.com", { referrer: failing })
      await runJob()
      expect(await rewardsOf(gone.id)).toEqual([])
      const [failed] = await rewardsOf(failing.id)
      expect(failed).toMatchObject({ status: "pending", attempts: 1 })
      expect(failed.last_error).toContain("550")
      expect(rewardEmails()).toHaveLength(0)

      // The mailbox comes back; once the backoff is over the same code goes out.
      emailDouble().failing.clear()
      await knex().raw(`UPDATE cs_referral_reward SET next_attempt_at = now() - interval '1 second' WHERE id = ?`, [failed.id])
      await runJob()
      expect(rewardEmails(failing.email).map((email) => (email.data as RewardEmailData).code)).toEqual([failed.promotion_code])
      expect((await rewardsOf(failing.id))[0]).toMatchObject({ status: "sent", attempts: 2 })

      // The code expires with a campaign of its own, erased with it.
      const campaignOf = () => getContainer().resolve(Modules.PROMOTION).listCampaigns({ campaign_identifier: [rewardCampaignIdentifier(failed.id)] })
      expect(await campaignOf()).toHaveLength(1)
      const erased = await api.delete(`/admin/coming-soon/signups/${failing.id}`, { headers: admin().bearer, validateStatus: () => true })
      expect(erased.status).toBe(200)
      expect(await rewardsOf(failing.id)).toEqual([])
      expect(await getContainer().resolve(Modules.PROMOTION).listPromotions({ code: failed.promotion_code! })).toHaveLength(0)
      expect(await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ receiver_id: failed.id })).toHaveLength(0)
      expect(await campaignOf()).toHaveLength(0)
    })
  },
})
