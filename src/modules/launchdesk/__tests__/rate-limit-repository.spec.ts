import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import { RateLimitRepository } from "../sql/rate-limit-repository"
import { knexRunner } from "../../../shared/sql"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service, MikroOrmWrapper }) => {
    const rule = { max: 5, windowSeconds: 60 }
    const limiterAt = (clock: { now: number }) =>
      new RateLimitRepository(knexRunner(MikroOrmWrapper.forkManager().getKnex()), () => clock.now)

    it("admits exactly the limit when many hits race", async () => {
      const limiter = await service.rateLimits()
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, () => limiter.hit("test", "198.51.100.1", rule))
      )
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5)
    })

    it("answers how long until the window ends", async () => {
      const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 45) }
      const limiter = limiterAt(clock)
      for (let i = 0; i < 5; i++) {
        expect(await limiter.hit("test", "ip", rule)).toEqual({ allowed: true })
      }
      expect(await limiter.hit("test", "ip", rule)).toEqual({ allowed: false, retryAfterSeconds: 15 })

      clock.now += 15 * 1000
      expect(await limiter.hit("test", "ip", rule)).toEqual({ allowed: true })
    })

    it("peeks without counting: held once the limit is used, until the window ends", async () => {
      const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 45) }
      const limiter = limiterAt(clock)
      const three = { max: 3, windowSeconds: 60 }
      for (let i = 0; i < 5; i++) expect(await limiter.peek("test", "ip", three)).toEqual({ allowed: true })
      for (let i = 0; i < 3; i++) await limiter.hit("test", "ip", three)
      expect(await limiter.peek("test", "ip", three)).toEqual({ allowed: false, retryAfterSeconds: 15 })
      expect(await limiter.peek("test", "other-ip", three)).toEqual({ allowed: true })
      expect(await limiter.peek("test", undefined, three)).toEqual({ allowed: true })

      clock.now += 15 * 1000
      expect(await limiter.peek("test", "ip", three)).toEqual({ allowed: true })
    })

    it("takes a window's units only while it has room, across racing pools, and takes back a unit given back", async () => {
      const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 45) }
      const pools = [limiterAt(clock), limiterAt(clock)]
      const three = { max: 3, windowSeconds: 60 }
      const taken = await Promise.all(Array.from({ length: 12 }, (_, i) => pools[i % 2].take("alerts", "team@shop.example", three)))
      const units = taken.flatMap((result) => ("unit" in result ? [result.unit] : []))
      expect(units).toHaveLength(3)
      expect(taken.filter((result) => "retryAfterSeconds" in result)).toEqual(Array(9).fill({ retryAfterSeconds: 15 }))

      await pools[0].giveBack(units[0])
      expect("unit" in (await pools[1].take("alerts", "team@shop.example", three))).toBe(true)
      expect("unit" in (await pools[1].take("alerts", "team@shop.example", three))).toBe(false)
      clock.now += 15 * 1000
      expect("unit" in (await pools[0].take("alerts", "team@shop.example", three))).toBe(true)
    })

    it("keeps scopes and clients apart, and fails open without a client key", async () => {
      const limiter = limiterAt({ now: Date.UTC(2026, 0, 1) })
      const one = { max: 1, windowSeconds: 60 }
      expect((await limiter.hit("a", "ip1", one)).allowed).toBe(true)
      expect((await limiter.hit("a", "ip1", one)).allowed).toBe(false)
      expect((await limiter.hit("b", "ip1", one)).allowed).toBe(true)
      expect((await limiter.hit("a", "ip2", one)).allowed).toBe(true)
      expect((await limiter.hit("a", undefined, one)).allowed).toBe(true)
      expect((await limiter.hit("a", undefined, one)).allowed).toBe(true)
    })

    it("stores only a hash of the client key", async () => {
      const limiter = await service.rateLimits()
      await limiter.hit("test", "192.0.2.55", rule)
      const windows = await service.listRateLimitWindows({})
      expect(windows).toHaveLength(1)
      expect(windows[0].id).not.toContain("192.0.2.55")
    })

    it("prunes ended windows", async () => {
      const past = limiterAt({ now: Date.now() - 10 * 60 * 1000 })
      await past.hit("test", "ip", rule)
      await (await service.rateLimits()).hit("test", "ip", rule)
      expect(await (await service.rateLimits()).prune()).toBe(1)
      expect(await service.listRateLimitWindows({})).toHaveLength(1)
    })
  },
})
