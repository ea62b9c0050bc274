import type { Limiter } from "../../../modules/launchdesk/sql/rate-limit-repository"
import { limited, UNKNOWN_CLIENT_KEY } from "../visitor-api"

describe("chat limits", () => {
  it("fail closed: requests without a client address are counted together, not let through", async () => {
    const keys: (string | undefined)[] = []
    const limiter: Limiter = {
      hit: async (_scope, clientKey) => {
        keys.push(clientKey)
        return keys.length > 2 ? { allowed: false, retryAfterSeconds: 30 } : { allowed: true }
      },
    }
    const rule = { max: 2, windowSeconds: 60 }
    expect(await limited({ limiter }, "session", { cookies: {} }, rule)).toBeNull()
    expect(await limited({ limiter }, "session", { ip: undefined, cookies: {} }, rule)).toBeNull()
    const refused = await limited({ limiter }, "session", { cookies: {} }, rule)
    expect(refused).toMatchObject({ kind: "rate_limited", retryAfter: 30 })
    expect(keys).toEqual([UNKNOWN_CLIENT_KEY, UNKNOWN_CLIENT_KEY, UNKNOWN_CLIENT_KEY])
  })

  it("count a known client by its key", async () => {
    const keys: (string | undefined)[] = []
    const limiter: Limiter = { hit: async (_scope, clientKey) => (keys.push(clientKey), { allowed: true }) }
    await limited({ limiter }, "send", { ip: "2001:db8:1:2::/64", cookies: {} }, { max: 1, windowSeconds: 60 })
    expect(keys).toEqual(["2001:db8:1:2::/64"])
  })
})
