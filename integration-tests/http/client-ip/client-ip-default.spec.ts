// The plugin's default `clientIp` (no option at all): the socket's peer is the client on both
// lanes, whatever X-Forwarded-For says. Set before the runner loads medusa-config.ts.
process.env.LAUNCHDESK_TEST_TRUST_PROXY = "default"

import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { sessionFrom } from "../../utils/client-ip"
import { fastLaneForSpec } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

const SESSION_LIMIT = 10 // sessions per minute per client, the plugin's default

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    const lanes = () => ({ medusa: String(api.defaults.baseURL), fast: fastLane().url })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      await freshLimitWindow()
    })

    it.each(["medusa", "fast"] as const)(
      "%s lane: a new X-Forwarded-For per request does not escape the per-IP limit",
      async (lane) => {
        const localAddress = lane === "medusa" ? "127.0.0.11" : "127.0.0.12"
        const statuses: number[] = []
        for (let i = 0; i < 2 * SESSION_LIMIT; i++) {
          const response = await sessionFrom(lanes()[lane], { publishableKey, localAddress, forwardedFor: `203.0.113.${i + 1}` })
          statuses.push(response.status)
        }
        expect(statuses).toEqual([...Array(SESSION_LIMIT).fill(200), ...Array(SESSION_LIMIT).fill(429)])
      }
    )

    it("a forged X-Forwarded-For does not burn another client's bucket, on either lane", async () => {
      const victim = "127.0.0.22"
      const attacker = "127.0.0.21"
      const statuses: number[] = []
      for (let i = 0; i < SESSION_LIMIT + 4; i++) {
        const url = i % 2 === 0 ? lanes().medusa : lanes().fast
        statuses.push((await sessionFrom(url, { publishableKey, localAddress: attacker, forwardedFor: victim })).status)
      }
      // The attacker spent their own allowance, counted across both lanes...
      expect(statuses.filter((status) => status === 200)).toHaveLength(SESSION_LIMIT)
      expect(statuses.slice(SESSION_LIMIT)).toEqual([429, 429, 429, 429])
      // ...and the address they named is untouched on both.
      expect((await sessionFrom(lanes().medusa, { publishableKey, localAddress: victim })).status).toBe(200)
      expect((await sessionFrom(lanes().fast, { publishableKey, localAddress: victim })).status).toBe(200)
    })
  },
})
