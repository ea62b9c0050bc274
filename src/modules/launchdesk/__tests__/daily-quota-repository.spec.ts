import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import { DailyQuotaRepository, type QuotaUnit } from "../sql/daily-quota-repository"
import { knexRunner } from "../../../shared/sql"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service, dbConfig }) => {
    // Two pools of their own, as two server processes would each open.
    let pools: Knex[] = []
    const processQuota = (clock?: { now: number }) => {
      const pool = ModulesSdkUtils.createPgConnection({ clientUrl: dbConfig.clientUrl, schema: dbConfig.schema, pool: { min: 0, max: 5 } })
      pools.push(pool)
      return new DailyQuotaRepository(knexRunner(pool), clock ? () => clock.now : undefined)
    }
    const hitsOf = async (id: string) => (await service.listRateLimitWindows({ id }))[0]?.hits

    afterEach(async () => {
      await Promise.all(pools.map((pool) => pool.destroy()))
      pools = []
    })

    it("lets exactly `cap` of many takes racing from two processes succeed", async () => {
      const [first, second] = [processQuota(), processQuota()]
      const units = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).take("test.day", 7))
      )
      const taken = units.filter((unit): unit is QuotaUnit => unit !== null)
      expect(taken).toHaveLength(7)
      expect(await hitsOf(taken[0].windowId)).toBe(7)
      expect(await first.take("test.day", 7)).toBeNull()
      expect(await second.take("test.day", 7)).toBeNull()
    })

    it("hands a unit back so another take succeeds, never going below zero", async () => {
      const [first, second] = [processQuota(), processQuota()]
      const unit = await first.take("test.day", 1)
      expect(unit).not.toBeNull()
      expect(await second.take("test.day", 1)).toBeNull()

      await first.giveBack(unit!)
      expect(await hitsOf(unit!.windowId)).toBe(0)
      await first.giveBack(unit!)
      expect(await hitsOf(unit!.windowId)).toBe(0)

      expect(await second.take("test.day", 1)).toEqual(unit)
      expect(await first.take("test.day", 1)).toBeNull()
    })

    it("keeps the cap exact while units are taken and handed back concurrently", async () => {
      const [first, second] = [processQuota(), processQuota()]
      const held = await Promise.all(Array.from({ length: 5 }, () => first.take("test.day", 5)))
      expect(held.every((unit) => unit !== null)).toBe(true)

      // Two units come back while 20 takes race for them.
      const [, , ...retaken] = await Promise.all([
        first.giveBack(held[0]!),
        second.giveBack(held[1]!),
        ...Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).take("test.day", 5)),
      ])
      const won = retaken.filter((unit) => unit !== null).length
      expect(won).toBeLessThanOrEqual(2)
      expect(await hitsOf(held[0]!.windowId)).toBe(3 + won)
    })

    it("counts per UTC day and per scope, and expires the window at the next UTC midnight", async () => {
      const clock = { now: Date.UTC(2026, 4, 31, 23, 59, 30) }
      const quota = processQuota(clock)
      expect(await quota.take("test.day", 1)).toEqual({ windowId: "test.day:2026-05-31", amount: 1 })
      expect(await quota.take("test.day", 1)).toBeNull()
      expect(await quota.take("other.day", 1)).toEqual({ windowId: "other.day:2026-05-31", amount: 1 })

      clock.now += 60 * 1000
      expect(await quota.take("test.day", 1)).toEqual({ windowId: "test.day:2026-06-01", amount: 1 })

      const [window] = await service.listRateLimitWindows({ id: "test.day:2026-05-31" })
      expect(new Date(window.expires_at).toISOString()).toBe("2026-06-01T00:00:00.000Z")
    })

    it("takes amounts while they fit the cap, racing from two processes, and gives an amount back", async () => {
      const [first, second] = [processQuota(), processQuota()]
      const units = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).take("test.bytes", 1000, 300))
      )
      const taken = units.filter((unit): unit is QuotaUnit => unit !== null)
      expect(taken).toHaveLength(3)
      expect(await hitsOf(taken[0].windowId)).toBe(900)
      // 100 left: a larger amount is refused whole, one that fits is taken.
      expect(await first.take("test.bytes", 1000, 101)).toBeNull()
      expect(await second.take("test.bytes", 1000, 100)).toEqual({ windowId: taken[0].windowId, amount: 100 })
      await first.giveBack(taken[0])
      expect(await hitsOf(taken[0].windowId)).toBe(700)
      // An amount over the cap, zero or fractional takes nothing.
      for (const amount of [1001, 0, -5, 2.5]) {
        expect(await first.take("test.other", 1000, amount)).toBeNull()
      }
    })

    it("takes nothing when the cap is zero or not a number", async () => {
      const quota = processQuota()
      for (const cap of [0, -3, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(await quota.take("test.day", cap)).toBeNull()
      }
      expect(await service.listRateLimitWindows({})).toHaveLength(0)
    })

    it("rounds a fractional cap down", async () => {
      const quota = processQuota()
      expect(await quota.take("test.day", 1.9)).not.toBeNull()
      expect(await quota.take("test.day", 1.9)).toBeNull()
    })

    it("lets a raised cap admit more on the same day, a lowered one none", async () => {
      const quota = processQuota()
      expect(await quota.take("test.day", 1)).not.toBeNull()
      expect(await quota.take("test.day", 1)).toBeNull()
      expect(await quota.take("test.day", 2)).not.toBeNull()
      expect(await quota.take("test.day", 1)).toBeNull()
    })
  },
})
