import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import { BUDGET_WINDOW_SECONDS, CallBudgetRepository, callsPerWindow, paceOf } from "../sql/call-budget-repository"
import { knexRunner } from "../../../shared/sql"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ dbConfig }) => {
    // Two pools of their own, as two server processes would each open.
    let pools: Knex[] = []
    const processBudget = () => {
      const pool = ModulesSdkUtils.createPgConnection({ clientUrl: dbConfig.clientUrl, schema: dbConfig.schema, pool: { min: 0, max: 5 } })
      pools.push(pool)
      return { budget: new CallBudgetRepository(knexRunner(pool)), pool }
    }

    /** Waits for a fresh window by the database's clock, so a test's takes share one. */
    async function atWindowStart(pool: Knex) {
      const { rows } = await pool.raw(`SELECT extract(epoch FROM now())::float AS now`)
      const intoWindow = (Number(rows[0].now) % BUDGET_WINDOW_SECONDS) * 1000
      await new Promise((resolve) => setTimeout(resolve, BUDGET_WINDOW_SECONDS * 1000 - intoWindow + 50))
    }

    afterEach(async () => {
      await Promise.all(pools.map((pool) => pool.destroy()))
      pools = []
    })

    it("keeps any 60 seconds within the limit, however they straddle the windows", () => {
      for (const perMinute of [13, 60, 120, 1000]) {
        const windowsInAMinute = 60 / BUDGET_WINDOW_SECONDS + 1
        expect([perMinute, windowsInAMinute * callsPerWindow(perMinute) <= perMinute]).toEqual([perMinute, true])
      }
      expect(callsPerWindow(120)).toBe(9)
    })

    it("grants exactly one window's calls to many takes racing from two processes, then says how long to wait", async () => {
      const [first, second] = [processBudget(), processBudget()]
      await atWindowStart(first.pool)
      const grants = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).budget.take("test.calls", 120, 1))
      )
      expect(grants.filter((grant) => grant.granted)).toHaveLength(9)
      const refused = await first.budget.take("test.calls", 120, 1)
      expect(refused.granted).toBe(false)
      const wait = refused.granted ? 0 : refused.retryInMs
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(BUDGET_WINDOW_SECONDS * 1000)
      expect((await first.budget.take("other.calls", 120, 1)).granted).toBe(true)
    })

    it("lets a caller with a share take only that part of a window, the rest stays for the others", async () => {
      const { budget, pool } = processBudget()
      await atWindowStart(pool)
      const half = [await budget.take("test.share", 120, 2, 0.5), await budget.take("test.share", 120, 2, 0.5), await budget.take("test.share", 120, 2, 0.5)]
      expect(half.map((grant) => grant.granted)).toEqual([true, true, false])
      const full = await Promise.all(Array.from({ length: 6 }, () => budget.take("test.share", 120, 1)))
      expect(full.filter((grant) => grant.granted)).toHaveLength(5)
    })

    it("paces any 60 seconds within the limit, and a sender that keeps up gets at least 95 % of it", () => {
      for (const perMinute of [120, 600, 1200, 6000, 10_000]) {
        const { burst, intervalMs } = paceOf(perMinute)
        // The bucket's bound over 60 s: the burst, then one call per interval.
        expect([perMinute, burst + 60_000 / intervalMs <= perMinute + 1e-9]).toEqual([perMinute, true])
        expect([perMinute, 60_000 / intervalMs / perMinute >= 0.95]).toEqual([perMinute, true])
      }
      expect(paceOf(30)).toEqual({ burst: 1, intervalMs: 60_000 / 29 })
    })

    it("paces racing takes from two processes: the burst at once, then one per interval, and says how long to wait", async () => {
      const [first, second] = [processBudget(), processBudget()]
      // 30 a minute: a burst of one, then one every 2.07 s.
      const grants = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).budget.pace("test.pace", 30, 1)))
      expect(grants.filter((grant) => grant.granted)).toHaveLength(1)
      const refused = await first.budget.pace("test.pace", 30, 1)
      const wait = refused.granted ? 0 : refused.retryInMs
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(paceOf(30).intervalMs + 50)
      // More than the burst at once never fits.
      expect((await second.budget.pace("test.pace.other", 30, 2)).granted).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, wait + 20))
      expect((await second.budget.pace("test.pace", 30, 1)).granted).toBe(true)
      expect((await first.budget.pace("test.pace", 30, 1)).granted).toBe(false)
    })

    it("holds every process off until a Retry-After has passed; a shorter later hold-off does not cut it", async () => {
      const [first, second] = [processBudget(), processBudget()]
      await first.budget.holdOff("test.hold", 30)
      await second.budget.holdOff("test.hold", 2)
      for (const { budget } of [first, second]) {
        const grant = await budget.take("test.hold", 120, 1)
        expect(grant.granted).toBe(false)
        expect(grant.granted ? 0 : grant.retryInMs).toBeGreaterThan(28_000)
      }
      await first.pool.raw(`UPDATE launchdesk_rate_limit_window SET expires_at = now() - interval '1 second' WHERE id = 'test.hold:hold'`)
      expect((await second.budget.take("test.hold", 120, 1)).granted).toBe(true)
    })

    it("refuses a caller held by a scope of its own, while the others still take from the window", async () => {
      const [first, second] = [processBudget(), processBudget()]
      await first.budget.holdOff("test.caller", 20)
      const held = await second.budget.take("test.shared", 120, 1, 0.5, ["test.caller"])
      expect(held.granted).toBe(false)
      expect(held.granted ? 0 : held.retryInMs).toBeGreaterThan(18_000)
      expect((await second.budget.take("test.shared", 120, 1)).granted).toBe(true)
      await first.pool.raw(`UPDATE launchdesk_rate_limit_window SET expires_at = now() - interval '1 second' WHERE id = 'test.caller:hold'`)
      expect((await second.budget.take("test.shared", 120, 1, 0.5, ["test.caller"])).granted).toBe(true)
    })
  },
})
