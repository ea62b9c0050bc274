import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import type { OutboxSqlStore } from "../../../shared/outbox"

jest.setTimeout(60 * 1000)

const TOPIC = "test.topic"
const LEASE = { leaseSeconds: 60 }

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service }) => {
    let outbox: OutboxSqlStore
    const enqueue = (key: string, group: string | null = null) =>
      outbox.enqueue({ topic: TOPIC, dedupe_key: key, group_key: group, payload: { key } })
    const claim = (limit = 10, groupKey?: string) =>
      outbox.claimDue<{ key: string }>(TOPIC, { limit, ...LEASE, groupKey })
    const keys = (items: { payload: { key: string } }[]) => items.map((item) => item.payload.key)

    beforeEach(async () => {
      outbox = await service.outboxStore()
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
  },
})
