import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { COMING_SOON_MODULE } from ".."
import type ComingSoonModuleService from "../service"
import type { NewSignup } from "../coming-soon-sql-store"

jest.setTimeout(60 * 1000)

const signupOf = (email: string, extra: Partial<NewSignup> = {}): NewSignup => ({
  email,
  product_id: "prod_1",
  mailer_group_id: "9",
  referrer_id: null,
  customer_id: null,
  sync_status: "pending",
  leaseSeconds: 60,
  ...extra,
})

moduleIntegrationTestRunner<ComingSoonModuleService>({
  moduleName: COMING_SOON_MODULE,
  resolve: "./src/modules/coming-soon",
  testSuite: ({ service, MikroOrmWrapper }) => {
    const knex = () => MikroOrmWrapper.forkManager().getKnex()

    it("inserts one row when the same (email, product) races, and answers every caller with it", async () => {
      const store = await service.comingSoonStore()
      const results = await Promise.all(Array.from({ length: 20 }, () => store.insertSignup(signupOf("race@example.com"))))
      expect(results.filter((result) => result.created)).toHaveLength(1)
      expect(new Set(results.map((result) => result.signup.id)).size).toBe(1)
      expect(await service.listCsSignups({})).toHaveLength(1)

      const otherProduct = await store.insertSignup(signupOf("race@example.com", { product_id: "prod_2" }))
      expect(otherProduct.created).toBe(true)
    })

    it("claims a pending row for its inline attempt, a skipped row not at all", async () => {
      const store = await service.comingSoonStore()
      const { signup: pending } = await store.insertSignup(signupOf("a@example.com"))
      const { signup: skipped } = await store.insertSignup(signupOf("b@example.com", { sync_status: "skipped" }))
      expect(pending).toMatchObject({ sync_status: "pending", sync_attempts: 1 })
      expect((pending.next_sync_at?.getTime() ?? 0) - Date.now()).toBeGreaterThan(55_000)
      expect(skipped).toMatchObject({ sync_status: "skipped", sync_attempts: 0, next_sync_at: null })
      // Neither is due: the pending one is under its inline lease.
      expect(await store.claimDueSignup(60)).toBeNull()
    })

    it("hands each due row to exactly one of many racing claimers", async () => {
      const store = await service.comingSoonStore()
      for (let n = 0; n < 8; n++) {
        await store.insertSignup(signupOf(`due${n}@example.com`))
      }
      await knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second'`)
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claimDueSignup(60)))
      const claimed = claims.filter((claim) => claim !== null).map((claim) => claim?.id)
      expect(claimed).toHaveLength(8)
      expect(new Set(claimed).size).toBe(8)
      const rows = await service.listCsSignups({})
      expect(rows.every((row) => row.sync_attempts === 2)).toBe(true)
    })

    it("only updates rows still pending", async () => {
      const store = await service.comingSoonStore()
      const { signup } = await store.insertSignup(signupOf("c@example.com"))
      await store.markSynced(signup.id, "31000000000000001")
      await store.markForRetry(signup.id, "late failure", 30, null)
      await store.markSkipped(signup.id, "no key")
      const [row] = await service.listCsSignups({ id: signup.id })
      expect(row).toMatchObject({ sync_status: "synced", mailer_id: "31000000000000001", last_sync_error: null })
    })

    it("walks every matching row newest first across batches, ties included", async () => {
      const store = await service.comingSoonStore()
      for (let n = 0; n < 7; n++) {
        await store.insertSignup(signupOf(`walk${n}@example.com`, { sync_status: "skipped" }))
      }
      // Equal timestamps, down to the microsecond: the id breaks the tie.
      await knex().raw(`UPDATE cs_signup SET created_at = '2031-01-01T00:00:00.123456Z' WHERE email LIKE 'walk%'`)
      const walked: string[] = []
      for await (const row of store.eachSignup({}, 3)) {
        walked.push(row.id)
      }
      const listed = (await store.listSignups({}, 100, 0)).items.map((row) => row.id)
      expect(walked).toEqual(listed)
      expect(new Set(walked).size).toBe(7)
    })

    it("upserts one settings row per product and tells whether it created it", async () => {
      const store = await service.comingSoonStore()
      const values = {
        enabled: true,
        arrival_date: "2031-03-14",
        offer_description: null,
        email_provider: "mailer" as const,
        mailer_group_id: "9",
        forms_form_id: null,
      }
      const first = await store.upsertProductSetting("prod_1", values)
      const second = await store.upsertProductSetting("prod_1", { ...values, enabled: false })
      expect(first.created).toBe(true)
      expect(second.created).toBe(false)
      expect(second.setting).toMatchObject({ id: first.setting.id, enabled: false })
      expect(await service.listCsProductSettings({})).toHaveLength(1)
    })
  },
})
