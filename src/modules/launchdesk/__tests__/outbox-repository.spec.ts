import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import type { OutboxRepository } from "../sql/outbox-repository"
import { DEFAULT_MAX_DELIVERY_ATTEMPTS, maxDeliveryAttempts, storedError } from "../../../shared/lease/retry-policy"

jest.setTimeout(60 * 1000)

const TOPIC = "test.topic"
const LEASE = { leaseSeconds: 60 }

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service }) => {
    let outbox: OutboxRepository
    const enqueue = (key: string, group: string | null = null) =>
      outbox.enqueue({ topic: TOPIC, dedupe_key: key, group_key: group, payload: { key } })
    const claim = (limit = 10, groupKey?: string) =>
      outbox.claimDue<{ key: string }>(TOPIC, { limit, ...LEASE, groupKey })
    const keys = (items: { payload: { key: string } }[]) => items.map((item) => item.payload.key)

    beforeEach(async () => {
      outbox = await service.outbox()
    })

    it("records a key once", async () => {
      expect(await enqueue("a")).toBe(true)
      expect(await enqueue("a")).toBe(false)
      expect(keys(await claim())).toEqual(["a"])
    })

    it("hands each item to exactly one of many racing claimers", async () => {
      for (let index = 0; index < 30; index++) {
        await enqueue(`item-${index}`, index % 3 === 0 ? null : `group-${index}`)
      }
      const batches = await Promise.all(Array.from({ length: 6 }, () => claim(8)))
      const claimed = batches.flatMap(keys)
      expect(claimed).toHaveLength(30)
      expect(new Set(claimed).size).toBe(30)
      expect(await claim()).toEqual([])
    })

    it("lets a group out one item at a time, oldest first, also when items arrive meanwhile", async () => {
      await enqueue("a1", "a")
      await enqueue("a2", "a")
      await enqueue("b1", "b")
      const first = await claim()
      expect(keys(first)).toEqual(["a1", "b1"])
      await enqueue("b2", "b")
      expect(await claim()).toEqual([])

      await outbox.markDone(first[0])
      expect(keys(await claim())).toEqual(["a2"])
      await outbox.markFailed(first[1], "gave up")
      expect(keys(await claim(10, "b"))).toEqual(["b2"])
    })

    it("keeps the groups of different topics apart", async () => {
      await outbox.enqueue({ topic: "other.topic", dedupe_key: "o1", group_key: "a", payload: { key: "o1" } })
      await enqueue("a1", "a")
      expect(keys(await claim())).toEqual(["a1"])
    })

    it("serves one group on request", async () => {
      await enqueue("a1", "a")
      await enqueue("b1", "b")
      expect(keys(await claim(10, "b"))).toEqual(["b1"])
      expect(keys(await claim(10, "b"))).toEqual([])
    })

    it("ignores the report of a claim whose lease ran out and was taken over", async () => {
      await enqueue("slow")
      const [stale] = await outbox.claimDue<{ key: string }>(TOPIC, { limit: 1, leaseSeconds: 0 })
      const [fresh] = await claim()
      expect(fresh.attempts).toBe(stale.attempts + 1)
      expect(await outbox.markDone(stale)).toBe(false)
      await outbox.markForRetry(stale, "late", 3600)
      expect(await outbox.markDone(fresh)).toBe(true)
      const [row] = await service.listOutboxEntries({ dedupe_key: "slow" })
      expect(row).toMatchObject({ status: "done", last_error: null })
    })

    it("schedules a retry and keeps the progress made", async () => {
      await enqueue("r")
      const [item] = await claim()
      await outbox.saveProgress(item, { progress: { step: 1 } })
      await outbox.markForRetry(item, "Slack chat.postMessage: internal_error", 0)
      const [again] = await claim()
      expect(again).toMatchObject({ id: item.id, attempts: 2, payload: { key: "r", progress: { step: 1 } } })
      const [row] = await service.listOutboxEntries({ dedupe_key: "r" })
      expect(row.last_error).toBe("Slack chat.postMessage: internal_error")
    })

    it("withdraws only items nobody has claimed", async () => {
      await enqueue("untouched")
      await enqueue("claimed", "g")
      await claim(10, "g")
      expect(await outbox.cancelPending("untouched")).toBe(true)
      expect(await outbox.cancelPending("claimed")).toBe(false)
      expect((await service.listOutboxEntries({})).map((row) => row.dedupe_key)).toEqual(["claimed"])
    })

    describe("an item that keeps failing", () => {
      const makeDue = (key: string) =>
        service.updateOutboxEntries({ selector: { dedupe_key: key }, data: { next_attempt_at: new Date(0) } })
      /** Fails the group's next item (or any item) once, due again in an hour; returns how it went. */
      async function failOnce(group?: string, error = "Slack chat.postMessage: service_unavailable") {
        const [item] = await claim(1, group)
        return { item, outcome: await outbox.markForRetry(item, error, 3600) }
      }

      it("is dead after its tenth failed attempt, and no longer holds its group back", async () => {
        expect(DEFAULT_MAX_DELIVERY_ATTEMPTS).toBe(10)
        await enqueue("poison", "g")
        await enqueue("next", "g")
        for (let attempt = 1; attempt < 10; attempt++) {
          expect((await failOnce("g")).outcome).toBe("retrying")
          // Still first in line: the item behind it waits.
          expect(keys(await claim(10, "g"))).toEqual([])
          await makeDue("poison")
        }
        const last = await failOnce("g")
        expect(last).toMatchObject({ item: { attempts: 10 }, outcome: "dead" })
        const [dead] = await service.listOutboxEntries({ dedupe_key: "poison" })
        expect(dead).toMatchObject({ status: "dead", attempts: 10, last_error: "Slack chat.postMessage: service_unavailable" })
        // Never claimed again; the next item of its group goes out.
        expect(keys(await claim(10, "g"))).toEqual(["next"])
        expect(keys(await claim())).toEqual([])
      })

      it("is listed, and a retry gives it a fresh set of attempts, due now", async () => {
        await enqueue("poison", "g")
        for (let attempt = 1; attempt <= 10; attempt++) {
          await failOnce("g")
          await makeDue("poison")
        }
        const { items, total } = await outbox.list([TOPIC], "dead", 20, 0)
        expect(total).toBe(1)
        expect(items).toEqual([
          expect.objectContaining({ topic: TOPIC, status: "dead", attempts: 10, last_error: "Slack chat.postMessage: service_unavailable" }),
        ])
        expect(await outbox.list(["other.topic"], "dead", 20, 0)).toEqual({ items: [], total: 0 })

        expect(await outbox.retryDead(items[0].id, ["other.topic"])).toBe("not_found")
        expect(await outbox.retryDead(items[0].id + 1000, [TOPIC])).toBe("not_found")
        expect(await outbox.retryDead(items[0].id, [TOPIC])).toBe("retried")
        expect(await outbox.retryDead(items[0].id, [TOPIC])).toBe("not_dead")
        const [again] = await claim()
        expect(again).toMatchObject({ id: items[0].id, attempts: 1 })
        expect(await outbox.markDone(again)).toBe(true)
      })

      it("stores its error without credentials, on one short line", async () => {
        await enqueue("leaky")
        await failOnce(
          undefined,
          "FetchError: request to https://api.example.test/v1/post?api_key=sk-live-123&x=1 failed,\n Authorization: Bearer xoxb-1111-secret token=abc " +
            "x".repeat(500)
        )
        const [row] = await service.listOutboxEntries({ dedupe_key: "leaky" })
        expect(row.last_error).toContain("https://api.example.test/v1/post failed")
        expect(row.last_error).not.toMatch(/sk-live|xoxb|1111-secret|abc|\n/)
        expect(row.last_error!.length).toBeLessThanOrEqual(300)
        expect(storedError("Slack chat.postMessage: rate limited (HTTP 429)")).toBe("Slack chat.postMessage: rate limited (HTTP 429)")
        expect(storedError("upsert: HTTP 500 Server Error")).toBe("upsert: HTTP 500 Server Error")
      })

      it("reads the maxDeliveryAttempts option as a positive integer, else 10", () => {
        expect(maxDeliveryAttempts(3)).toBe(3)
        for (const invalid of [undefined, 0, -1, 2.5, "5", Number.NaN]) {
          expect(maxDeliveryAttempts(invalid)).toBe(10)
        }
      })
    })
  },
})
