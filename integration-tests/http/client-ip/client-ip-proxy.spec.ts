// A store behind one load balancer: `clientIp: { trustProxy: 1 }`. The balancer appends the
// address it saw to X-Forwarded-For, so the right-most entry is the client and anything a
// client wrote before it is ignored; both lanes must agree. Set before the runner loads
// medusa-config.ts (the fast lane reads the same file).
process.env.LAUNCHDESK_TEST_TRUST_PROXY = "1"

import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { sessionFrom } from "../../utils/client-ip"
import { fastLaneForSpec } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

const SESSION_LIMIT = 10 // sessions per minute per client, the plugin's default
const BALANCER = "127.0.0.1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      await freshLimitWindow()
    })

    /** Alternates the lanes, as a balancer spreading one client over Medusa and the fast lane. */
    async function burst(forwardedFor: (i: number) => string, count = 2 * SESSION_LIMIT) {
      const statuses: number[] = []
      for (let i = 0; i < count; i++) {
        const url = i % 2 === 0 ? String(api.defaults.baseURL) : fastLane().url
        statuses.push((await sessionFrom(url, { publishableKey, localAddress: BALANCER, forwardedFor: forwardedFor(i) })).status)
      }
      return statuses
    }

    const admittedThenRefused = (count: number) => [...Array(SESSION_LIMIT).fill(200), ...Array(count - SESSION_LIMIT).fill(429)]

    it("counts the right-most address on both lanes, whatever the client wrote before it", async () => {
      expect(await burst((i) => `198.51.100.${i + 1}, 203.0.113.50`)).toEqual(admittedThenRefused(2 * SESSION_LIMIT))
      // Another client behind the same balancer has its own allowance.
      expect(await burst((i) => `203.0.113.50, 203.0.113.${60 + i}`, 2)).toEqual([200, 200])
    })

    it("reads an IPv4-mapped IPv6 address as the IPv4 address on both lanes", async () => {
      expect(await burst((i) => (i % 4 < 2 ? "::ffff:203.0.113.70" : "203.0.113.70"))).toEqual(admittedThenRefused(2 * SESSION_LIMIT))
    })

    it("counts IPv6 per /64 on both lanes", async () => {
      // Twenty addresses of one /64, alternating lanes: one allowance.
      expect(await burst((i) => `2001:db8:5:6:${(i + 1).toString(16)}::${i + 1}`)).toEqual(admittedThenRefused(2 * SESSION_LIMIT))
      // The neighbouring /64 is another client.
      expect(await burst(() => "2001:db8:5:7::1", 2)).toEqual([200, 200])
    })
  },
})
