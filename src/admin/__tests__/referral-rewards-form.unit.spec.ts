import { rewardRowsOf, rewardStepsOf, type RewardRow } from "../lib/referral-rewards-form"
import { startI18n } from "./start-i18n"

beforeAll(() => startI18n("en"))

const row = (referrals: string, extra: Partial<RewardRow> = {}): RewardRow => ({
  referrals,
  type: "percentage",
  value: "10",
  currency_code: "",
  expires_in_days: "",
  ...extra,
})

describe("referral reward steps in the forms", () => {
  it("reads saved steps as rows and sends them back as the API takes them", () => {
    const saved = [
      { referrals: 1, promotion: { type: "percentage" as const, value: 10 } },
      { referrals: 3, promotion: { type: "fixed" as const, value: 5, currency_code: "eur", expires_in_days: 30 } },
    ]
    const rows = rewardRowsOf(saved)
    expect(rows).toEqual([row("1"), row("3", { type: "fixed", value: "5", currency_code: "EUR", expires_in_days: "30" })])
    expect(rewardStepsOf(rows)).toEqual({ steps: saved })
    // No steps of its own: the store's apply, and null is what is sent.
    expect(rewardRowsOf(null)).toBeNull()
    expect(rewardStepsOf(null)).toEqual({ steps: null })
    expect(rewardStepsOf([])).toEqual({ steps: [] })
  })

  it("refuses what the API refuses, with the words the admin reads", () => {
    expect(rewardStepsOf([row("0")])).toEqual({ error: "Referrals must be a whole number above 0" })
    expect(rewardStepsOf([row("2.5")])).toEqual({ error: "Referrals must be a whole number above 0" })
    expect(rewardStepsOf([row("2"), row(" 2 ")])).toEqual({ error: "Two steps cannot have the same number of referrals" })
    expect(rewardStepsOf([row("1", { value: "150" })])).toEqual({ error: "A percentage is at most 100" })
    expect(rewardStepsOf([row("1", { type: "fixed", value: "5" })])).toEqual({ error: "A fixed amount needs its currency (EUR, USD…)" })
  })
})
