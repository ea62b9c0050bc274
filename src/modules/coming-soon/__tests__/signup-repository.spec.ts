import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { COMING_SOON_MODULE } from ".."
import type ComingSoonModuleService from "../service"
import { knexRunner } from "../../../shared/sql"
import { SignupRepository, type NewSignup } from "../sql/signup-repository"
import { Migration20261123141126 } from "../migrations/Migration20261123141126"
import { newReferralCode } from "../referral-code"

const REFERRAL_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/

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
      const store = await service.signups()
      const results = await Promise.all(Array.from({ length: 20 }, () => store.insertSignup(signupOf("race@example.com"))))
      expect(results.filter((result) => result.created)).toHaveLength(1)
      expect(new Set(results.map((result) => result.signup.id)).size).toBe(1)
      expect(await service.listCsSignups({})).toHaveLength(1)

      const otherProduct = await store.insertSignup(signupOf("race@example.com", { product_id: "prod_2" }))
      expect(otherProduct.created).toBe(true)
      // Every racing caller got the one row's code; the other product's row has its own.
      expect(new Set(results.map((result) => result.signup.referral_code))).toEqual(new Set([results[0].signup.referral_code]))
      expect(results[0].signup.referral_code).toMatch(REFERRAL_CODE_PATTERN)
      expect(otherProduct.signup.referral_code).not.toBe(results[0].signup.referral_code)
    })

    it("draws a new referral code when one is already taken, and gives up after three clashes", async () => {
      const { signup: first } = await (await service.signups()).insertSignup(signupOf("first@example.com"))
      const draw = jest.fn(newReferralCode)
      const store = new SignupRepository(knexRunner(knex()), { newReferralCode: draw })
      draw.mockReturnValueOnce(first.referral_code)
      const second = await store.insertSignup(signupOf("second@example.com"))
      expect(second.created).toBe(true)
      expect(second.signup.referral_code).toMatch(REFERRAL_CODE_PATTERN)
      expect(second.signup.referral_code).not.toBe(first.referral_code)
      expect(draw).toHaveBeenCalledTimes(2)

      draw.mockReturnValue(first.referral_code)
      await expect(store.insertSignup(signupOf("third@example.com"))).rejects.toThrow(/IDX_cs_signup_referral_code_unique/)
      expect(draw).toHaveBeenCalledTimes(2 + 3)
      expect((await service.listCsSignups({})).map((row) => row.email).sort()).toEqual(["first@example.com", "second@example.com"])
    })

    it("the referral_code migration gives every existing row a code of its own, then requires one", async () => {
      const store = await service.signups()
      for (let index = 0; index < 50; index++) {
        await store.insertSignup(signupOf(`old-${index}@example.com`, { sync_status: "skipped" }))
      }
      // The ledger as it was before the column.
      await knex().raw(`ALTER TABLE cs_signup DROP COLUMN referral_code`)
      const manager = MikroOrmWrapper.forkManager()
      const migration = new Migration20261123141126(manager.getDriver(), manager.config)
      await migration.up()
      for (const query of migration.getQueries()) {
        await knex().raw(String(query))
      }

      const { rows } = await knex().raw(`SELECT referral_code FROM cs_signup`)
      const codes = rows.map((row: { referral_code: string }) => row.referral_code)
      expect(codes).toHaveLength(50)
      expect(codes.every((code: string) => REFERRAL_CODE_PATTERN.test(code))).toBe(true)
      expect(new Set(codes).size).toBe(50)
      await expect(knex().raw(`UPDATE cs_signup SET referral_code = NULL`)).rejects.toThrow(/null/)
      await expect(knex().raw(`UPDATE cs_signup SET referral_code = ?`, [codes[0]])).rejects.toThrow(
        /IDX_cs_signup_referral_code_unique/
      )
      expect((await store.insertSignup(signupOf("new@example.com"))).signup.referral_code).toMatch(REFERRAL_CODE_PATTERN)
    })

    it("claims a pending row for its inline attempt, a skipped row not at all", async () => {
      const store = await service.signups()
      const { signup: pending } = await store.insertSignup(signupOf("a@example.com"))
      const { signup: skipped } = await store.insertSignup(signupOf("b@example.com", { sync_status: "skipped" }))
      expect(pending).toMatchObject({ sync_status: "pending", sync_attempts: 1 })
      expect((pending.next_sync_at?.getTime() ?? 0) - Date.now()).toBeGreaterThan(55_000)
      expect(skipped).toMatchObject({ sync_status: "skipped", sync_attempts: 0, next_sync_at: null })
      // Neither is due: the pending one is under its inline lease.
      expect(await store.claimDueSignup(60)).toBeNull()
    })

    it("hands each due row to exactly one of many racing claimers", async () => {
      const store = await service.signups()
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
      const store = await service.signups()
      const { signup } = await store.insertSignup(signupOf("c@example.com"))
      await store.markSynced(signup, "31000000000000001")
      expect(await store.markForRetry(signup, "late failure", 30, null)).toBeNull()
      await store.markSkipped(signup, "no key")
      const [row] = await service.listCsSignups({ id: signup.id })
      expect(row).toMatchObject({ sync_status: "synced", mailer_id: "31000000000000001", last_sync_error: null, next_sync_at: null })
    })

    it("records an outcome only under the claim that holds the row, as the outbox does", async () => {
      const store = await service.signups()
      const { signup: inline } = await store.insertSignup(signupOf("d@example.com"))
      // The inline attempt's lease runs out and the sync job takes the row over.
      await knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second'`)
      const takenOver = { id: inline.id, sync_attempts: 2 }
      expect(await store.claimDueSignup(60)).toMatchObject(takenOver)

      await store.markSynced(inline, "31000000000000002")
      expect(await store.markForRetry(inline, "late failure", 30, "31000000000000002")).toBeNull()
      await store.markSkipped(inline, "no key")
      expect((await service.listCsSignups({ id: inline.id }))[0]).toMatchObject({ sync_status: "pending", mailer_id: null })

      expect(await store.markForRetry(takenOver, "upsert: HTTP 500 Server Error", 30, "31000000000000003")).toBe("retrying")
      const [row] = await service.listCsSignups({ id: inline.id })
      expect(row).toMatchObject({ sync_status: "pending", mailer_id: "31000000000000003", last_sync_error: "upsert: HTTP 500 Server Error" })
      expect((row.next_sync_at?.getTime() ?? 0) - Date.now()).toBeGreaterThan(25_000)
    })

    it("sets a row aside as dead after its last attempt, and the admin's retry gives it fresh attempts", async () => {
      const store = new SignupRepository(knexRunner(knex()), { maxSyncAttempts: 2 })
      const { signup } = await store.insertSignup(signupOf("e@example.com"))
      expect(await store.markForRetry(signup, "first", 0, null)).toBe("retrying")
      expect(await store.retryDeadSignup(signup.id)).toBe("not_dead")
      const second = { id: signup.id, sync_attempts: 2 }
      expect(await store.claimDueSignup(60)).toMatchObject(second)
      expect(await store.markForRetry(second, "second", 0, null)).toBe("dead")
      expect((await service.listCsSignups({ id: signup.id }))[0]).toMatchObject({ sync_status: "dead", sync_attempts: 2, next_sync_at: null })
      expect(await store.claimDueSignup(60)).toBeNull()

      expect(await store.retryDeadSignup(signup.id)).toBe("retried")
      expect(await store.retryDeadSignup("cssu_missing")).toBe("not_found")
      expect(await store.claimDueSignup(60)).toMatchObject({ id: signup.id, sync_attempts: 1 })
    })

    it("walks every matching row newest first across batches, ties included", async () => {
      const store = await service.signups()
      for (let n = 0; n < 7; n++) {
        await store.insertSignup(signupOf(`walk${n}@example.com`, { sync_status: "skipped" }))
      }
      // Equal timestamps, down to the microsecond: the id breaks the tie.
      await knex().raw(`UPDATE cs_signup SET created_at = '2031-01-01T00:00:00.123456Z' WHERE email LIKE 'walk%'`)
      const walked: string[] = []
      for await (const row of store.eachSignup({}, 3)) {
        walked.push(row.id)
      }
      const listed = (await service.listSignups({}, { limit: 100, offset: 0 })).items.map((row) => row.id)
      expect(walked).toEqual(listed)
      expect(new Set(walked).size).toBe(7)
    })

    it("upserts one settings row per product and tells whether it created it", async () => {
      const values = {
        enabled: true,
        arrival_date: "2031-03-14",
        offer_description: null,
        button_text: null,
        translations: { de: { button_text: "Benachrichtigen" } },
        email_provider: "mailer" as const,
        mailer_group_id: "9",
        forms_form_id: null,
        launch_at: null,
        preorder: false,
        referral_rewards: null,
      }
      const first = await service.upsertProductSetting("prod_1", values)
      const second = await service.upsertProductSetting("prod_1", { ...values, enabled: false })
      expect(first.created).toBe(true)
      expect(second.created).toBe(false)
      expect(second.setting).toMatchObject({ id: first.setting.id, enabled: false, translations: { de: { button_text: "Benachrichtigen" } } })
      expect(await service.listCsProductSettings({})).toHaveLength(1)
    })
  },
})
