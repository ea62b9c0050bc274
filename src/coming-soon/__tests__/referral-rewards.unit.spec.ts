import type { RewardClaim } from "../../modules/coming-soon/sql/referral-reward-repository"
import { grantReferralRewards, ReferralRewardSteps, rewardStepsFor, type RewardDeps, type RewardEmail } from "../referral-rewards"

const TEN_PERCENT = { type: "percentage" as const, value: 10 }

describe("ReferralRewardSteps", () => {
  it("keeps valid steps in ascending order, the currency in lower case", () => {
    const steps = ReferralRewardSteps.parse([
      { referrals: 5, promotion: { type: "fixed", value: 5, currency_code: "EUR" } },
      { referrals: 1, promotion: TEN_PERCENT },
    ])
    expect(steps).toEqual([
      { referrals: 1, promotion: TEN_PERCENT },
      { referrals: 5, promotion: { type: "fixed", value: 5, currency_code: "eur" } },
    ])
    expect(ReferralRewardSteps.parse([])).toEqual([])
  })

  it.each([
    ["zero referrals", [{ referrals: 0, promotion: TEN_PERCENT }]],
    ["a fraction", [{ referrals: 2.5, promotion: TEN_PERCENT }]],
    ["referrals as text", [{ referrals: "2", promotion: TEN_PERCENT }]],
    ["two steps at one count", [{ referrals: 2, promotion: TEN_PERCENT }, { referrals: 2, promotion: { type: "percentage", value: 20 } }]],
    ["eleven steps", Array.from({ length: 11 }, (_, index) => ({ referrals: index + 1, promotion: TEN_PERCENT }))],
    ["no promotion", [{ referrals: 1 }]],
    ["a percentage over 100", [{ referrals: 1, promotion: { type: "percentage", value: 101 } }]],
    ["a fixed amount without currency", [{ referrals: 1, promotion: { type: "fixed", value: 5 } }]],
    ["an unknown field", [{ referrals: 1, promotion: TEN_PERCENT, note: "x" }]],
  ])("refuses %s", (_name, steps) => {
    expect(ReferralRewardSteps.safeParse(steps).success).toBe(false)
  })
})

describe("rewardStepsFor", () => {
  const store = [{ referrals: 3, promotion: TEN_PERCENT }]
  it("takes the product's own steps when set, an empty list included, else the store's", () => {
    const own = [{ referrals: 1, promotion: TEN_PERCENT }]
    expect(rewardStepsFor(own, store)).toBe(own)
    expect(rewardStepsFor([], store)).toEqual([])
    expect(rewardStepsFor(null, store)).toBe(store)
  })
})

const claim = (id: string, extra: Partial<RewardClaim> = {}): RewardClaim => ({
  id,
  signup_id: `cssu_${id}`,
  product_id: "prod_1",
  referrals: 3,
  promotion: TEN_PERCENT,
  attempts: 1,
  promotion_code: null,
  promotion_id: null,
  signup: { email: `${id}@example.com`, locale: null, unsubscribed_at: null },
  ...extra,
})

/** A run over `rows` (claimed once) whose sends fail for the addresses in `failing`. */
function run(rows: RewardClaim[], failing: string[] = []) {
  const due = [...rows]
  const settled: Record<string, string> = {}
  const sent: RewardEmail[] = []
  const deps: RewardDeps = {
    store: {
      openReachedSteps: async () => rows.length,
      claimDueRewards: async (limit) => due.splice(0, limit),
      recordPromotion: async () => true,
      markRewardSent: async (row) => ((settled[row.id] = "sent"), true),
      markRewardSkipped: async (row, reason) => ((settled[row.id] = `skipped: ${reason}`), true),
      markRewardFailed: async (row, error) => ((settled[row.id] = `failed: ${error}`), "retrying"),
      releaseReward: async () => true,
    },
    storeSteps: async () => [],
    promotionFor: async (row) => ({ code: `CODE-${row.id}`, id: `promo_${row.id}` }),
    sendAll: async (emails) =>
      emails.map((email) => {
        if (failing.includes(email.to)) return new Error("550 mailbox unavailable")
        sent.push(email)
        return null
      }),
    product: async () => ({ title: "Aurora lamp", url: null }),
    statusUrl: (id) => `https://shop.example/status/${id}`,
    unsubscribeUrl: (id) => `https://shop.example/unsubscribe/${id}`,
    budget: { take: async () => ({ granted: true, retryInMs: 0 }), perTake: 10 },
    log: { warn: () => undefined },
  }
  return { deps, settled, sent, limits: { batchSize: 10, maxRows: 100, leaseSeconds: 60, budgetMs: 5_000 } }
}

describe("grantReferralRewards", () => {
  it("emails each claimed reward its code with the contract's data; unsubscribed and gone signups get nothing; a failed send is retried", async () => {
    const { deps, settled, sent, limits } = run(
      [
        claim("a", { signup: { email: "a@example.com", locale: "fr", unsubscribed_at: null } }),
        claim("b", { signup: { email: "b@example.com", locale: null, unsubscribed_at: new Date() } }),
        claim("c", { signup: null }),
        claim("d"),
        claim("e", { promotion_code: "KEPT-e" }),
      ],
      ["d@example.com"]
    )
    const result = await grantReferralRewards(deps, limits)
    expect(result).toEqual({ opened: 5, sent: 2, skipped: 2, failed: 1 })
    expect(settled).toEqual({ a: "sent", b: "skipped: unsubscribed", c: "skipped: signup removed", d: "failed: 550 mailbox unavailable", e: "sent" })
    expect(sent.map((email) => [email.to, email.data.code, email.data.locale])).toEqual([
      ["a@example.com", "CODE-a", "fr"],
      // A code made by an earlier claim is sent again, not made twice.
      ["e@example.com", "KEPT-e", "en"],
    ])
    expect(sent[0]).toEqual({
      to: "a@example.com",
      reward_id: "a",
      signup_id: "cssu_a",
      attempt: 1,
      data: {
        product_id: "prod_1",
        product_title: "Aurora lamp",
        product_url: null,
        email: "a@example.com",
        code: "CODE-a",
        referrals: 3,
        locale: "fr",
        status_url: "https://shop.example/status/cssu_a",
        unsubscribe_url: "https://shop.example/unsubscribe/cssu_a",
      },
    })
  })

  it("sends nothing for a claim taken over before its code was recorded", async () => {
    const { deps, settled, sent, limits } = run([claim("a")])
    deps.store.recordPromotion = async () => false
    expect(await grantReferralRewards(deps, limits)).toEqual({ opened: 1, sent: 0, skipped: 0, failed: 0 })
    expect(sent).toEqual([])
    expect(settled).toEqual({})
  })

  it("hands a batch back untried when the email rate has no room", async () => {
    const { deps, sent, limits } = run([claim("a"), claim("b")])
    const released: string[] = []
    deps.budget = { take: async () => ({ granted: false, retryInMs: 60_000 }), perTake: 10 }
    deps.store.releaseReward = async (row) => (released.push(row.id), true)
    expect(await grantReferralRewards(deps, limits)).toEqual({ opened: 2, sent: 0, skipped: 0, failed: 0 })
    expect(released).toEqual(["a", "b"])
    expect(sent).toEqual([])
  })
})
