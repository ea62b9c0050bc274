import crypto from "node:crypto"
import axios from "axios"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { PUBLISHABLE_KEY_PATTERN, PublishableKeyCheck } from "../../../src/fast-lane/publishable-key"
import { knexRunner, type SqlRunner } from "../../../src/shared/sql"
import { fastLaneForSpec } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { checkResponsesOf } from "../../utils/response-check"

jest.setTimeout(180 * 1000)

const POLL = "/store/app/v1/poll?since_id=0"
const wellFormed = () => `pk_${crypto.randomBytes(32).toString("hex")}`
// Header-safe characters of every kind a made-up key might use.
const ALPHABET = "abcdefABCDEF0123456789_-.~!$&'*+^`|pkPKsk"

/** A random header value that is not a publishable key's shape, up to 8 kB long. */
function bogusKey(): string {
  const length = 1 + crypto.randomInt(crypto.randomInt(2) ? 80 : 8000)
  let key = crypto.randomInt(2) ? "pk_" : ""
  while (key.length < length) key += ALPHABET[crypto.randomInt(ALPHABET.length)]
  return PUBLISHABLE_KEY_PATTERN.test(key) ? `${key}!` : key
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    /** A key check over the test database that counts its statements. */
    function countedCheck(ttlMs: number, maxBytes?: number, now?: () => number) {
      const base = knexRunner(knex())
      const counter = { statements: 0 }
      const sql: SqlRunner = (statement, params) => {
        counter.statements++
        return base(statement, params)
      }
      return { check: new PublishableKeyCheck(sql, ttlMs, { maxBytes, now }), counter }
    }

    /** Status, content type and body bytes of a poll with `key`, on one lane. */
    const answerOf = async (baseURL: string, key: string) => {
      const response = await checkResponsesOf(axios).get(POLL, {
        baseURL,
        headers: { "x-publishable-api-key": key },
        validateStatus: () => true,
        transformResponse: (body: string) => body,
      })
      return { status: response.status, type: response.headers["content-type"], body: response.data as string }
    }

    it("answers a key that cannot be a key exactly as Medusa does, and looks nothing up for it", async () => {
      const keys = [
        "pk_unknown",
        `pk_${"a".repeat(63)}`,
        `pk_${"a".repeat(65)}`,
        `PK_${"a".repeat(64)}`,
        `pk_${"A".repeat(64)}`,
        `sk_${"a".repeat(64)}`,
        ` ${publishableKey}x`,
        "x".repeat(8000),
        wellFormed(),
      ]
      for (const key of keys) {
        const fast = await answerOf(fastLane().url, key)
        expect(fast).toEqual(await answerOf(String(api.defaults.baseURL), key))
        expect(fast.status).toBe(400)
        expect(JSON.parse(fast.body)).toEqual({
          type: "not_allowed",
          message: "A valid publishable key is required to proceed with the request",
        })
      }

      // Over HTTP: a stream of made-up keys costs the fast lane no statement at all.
      let statements = 0
      const onQuery = () => statements++
      fastLane().knex.on("query", onQuery)
      try {
        for (let i = 0; i < 200; i++) {
          expect((await answerOf(fastLane().url, bogusKey())).status).toBe(400)
        }
      } finally {
        fastLane().knex.off("query", onQuery)
      }
      expect(statements).toBe(0)
    })

    it("stays within its byte bound under 20,000 made-up keys, keeps the real key cached, and looks each unknown key up once", async () => {
      const maxBytes = 64 * 1024
      // The cache's clock stands still: on a loaded machine the flood's 5,000 lookups outran
      // the 30 s cache time, and the real key was looked up again for its age, not the flood.
      const frozen = Date.now()
      const { check, counter } = countedCheck(30_000, maxBytes, () => frozen)
      expect(await check.check(publishableKey)).toBeNull()
      expect(counter.statements).toBe(1)

      for (let i = 0; i < 20_000; i++) {
        // A quarter of them well formed (each is one lookup), the rest of any shape (none).
        const key = i % 4 === 0 ? wellFormed() : bogusKey()
        expect(await check.check(key)).toEqual(expect.objectContaining({ status: 400 }))
        if (i % 500 === 0) expect(check.cachedBytes).toBeLessThanOrEqual(maxBytes)
      }
      expect(check.cachedBytes).toBeLessThanOrEqual(maxBytes)
      expect(counter.statements).toBe(1 + 5_000)

      // The flood pushed out no real key, and a repeated unknown key is answered from memory.
      const repeated = wellFormed()
      counter.statements = 0
      for (let i = 0; i < 1000; i++) {
        expect(await check.check(publishableKey)).toBeNull()
        expect(await check.check(repeated)).toEqual(expect.objectContaining({ status: 400 }))
      }
      expect(counter.statements).toBe(1)
      // Concurrent first tries of one unknown key share one lookup.
      const together = wellFormed()
      await Promise.all(Array.from({ length: 50 }, () => check.check(together)))
      expect(counter.statements).toBe(2)
    })

    it("accepts a key that appears after it was looked up unknown, within the cache time", async () => {
      const ttlMs = 800
      const { check, counter } = countedCheck(ttlMs)
      await knex().raw(`UPDATE api_key SET deleted_at = now() WHERE token = ?`, [publishableKey])
      expect(await check.check(publishableKey)).toEqual(expect.objectContaining({ status: 400 }))
      // Created (here: restored) meanwhile: still refused from the cache, then accepted.
      await knex().raw(`UPDATE api_key SET deleted_at = NULL WHERE token = ?`, [publishableKey])
      expect(await check.check(publishableKey)).toEqual(expect.objectContaining({ status: 400 }))
      expect(counter.statements).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, ttlMs + 100))
      expect(await check.check(publishableKey)).toBeNull()
      expect(counter.statements).toBe(2)
    })
  },
})
