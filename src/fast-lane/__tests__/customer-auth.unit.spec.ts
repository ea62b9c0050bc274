import { randomUUID } from "node:crypto"
import path from "node:path"
import Redis from "ioredis"
import jwt from "jsonwebtoken"
import { createCustomerVerifier, unsignSessionCookie } from "../customer-auth"
import { customerAuthOf } from "../config"

// The signer express-session itself uses, so the cookie format is checked against the real one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const signature = require(require.resolve("cookie-signature", { paths: [path.dirname(require.resolve("express-session"))] }))

// This machine and CI run Redis there; REDIS_URL points elsewhere when set.
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const SECRET = "cookie secret of the store"

describe("the fast lane's customer verification", () => {
  describe("express-session's signed cookie", () => {
    it("gives the session id of a cookie express-session signed", () => {
      const cookie = `s:${signature.sign("abc-123_XYZ", SECRET)}`
      expect(unsignSessionCookie(cookie, SECRET)).toBe("abc-123_XYZ")
      expect(unsignSessionCookie(decodeURIComponent(encodeURIComponent(cookie)), SECRET)).toBe("abc-123_XYZ")
    })

    it.each([
      ["another secret", (id: string) => `s:${signature.sign(id, "another secret")}`],
      ["no s: prefix", (id: string) => signature.sign(id, SECRET)],
      ["a changed id", (id: string) => `s:${signature.sign(id, SECRET)}`.replace(id, `${id}x`)],
      ["no signature", (id: string) => `s:${id}`],
    ])("refuses %s", (_case, make) => {
      expect(unsignSessionCookie(make("session-id"), SECRET)).toBeNull()
    })
  })

  describe("bearer tokens, with Medusa's own check", () => {
    const verifier = createCustomerVerifier({ jwtSecret: "jwt secret", jwtVerifyOptions: {} })
    const token = (claims: object, secret = "jwt secret", options: jwt.SignOptions = { expiresIn: "1h" }) =>
      jwt.sign(claims, secret, options)
    const customerOf = (authorization?: string) => verifier.customerOf({ authorization, cookies: {} })

    it("gives a customer token's actor id", async () => {
      expect(await customerOf(`Bearer ${token({ actor_type: "customer", actor_id: "cus_1" })}`)).toBe("cus_1")
    })

    it.each([
      ["a token signed with another secret", () => `Bearer ${token({ actor_type: "customer", actor_id: "cus_1" }, "forged")}`],
      ["an expired token", () => `Bearer ${token({ actor_type: "customer", actor_id: "cus_1", exp: Math.floor(Date.now() / 1000) - 60 }, "jwt secret", {})}`],
      ["an admin user's token", () => `Bearer ${token({ actor_type: "user", actor_id: "user_1" })}`],
      ["an identity without a customer yet", () => `Bearer ${token({ actor_type: "customer", actor_id: "" })}`],
      ["no bearer scheme", () => token({ actor_type: "customer", actor_id: "cus_1" })],
      ["garbage", () => "Bearer not.a.token"],
    ])("counts %s as a guest", async (_case, header) => {
      expect(await customerOf(header())).toBeNull()
    })
  })

  describe("Medusa's Redis session store", () => {
    const prefix = `launchdesk-test-${randomUUID()}:sess:`
    const redis = new Redis(REDIS_URL, { lazyConnect: true })
    const verifier = createCustomerVerifier({
      jwtSecret: "jwt secret",
      session: { cookieName: "connect.sid", secret: SECRET, redisUrl: REDIS_URL, keyPrefix: prefix },
    })
    const sessionCookie = (id: string, secret = SECRET) => `s:${signature.sign(id, secret)}`

    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
      await redis.quit()
      await verifier.close()
    })

    it("gives the customer of a signed-in session, and nobody for a forged or unknown one", async () => {
      await redis.set(`${prefix}signed-in`, JSON.stringify({ cookie: {}, auth_context: { actor_type: "customer", actor_id: "cus_9" } }))
      await redis.set(`${prefix}admin`, JSON.stringify({ cookie: {}, auth_context: { actor_type: "user", actor_id: "user_1" } }))
      const customerOf = (cookie: string) => verifier.customerOf({ cookies: { "connect.sid": cookie } })

      expect(await customerOf(sessionCookie("signed-in"))).toBe("cus_9")
      expect(await customerOf(sessionCookie("signed-in", "forged secret"))).toBeNull()
      expect(await customerOf(sessionCookie("unknown"))).toBeNull()
      expect(await customerOf(sessionCookie("admin"))).toBeNull()
    })
  })

  describe("settings from the store's projectConfig", () => {
    it("follows Medusa: its default secret, the session store only with Redis, the session cookie's name", () => {
      expect(customerAuthOf({}, {})).toEqual({
        jwtSecret: "supersecret",
        jwtPublicKey: undefined,
        jwtVerifyOptions: { expiresIn: undefined },
        session: undefined,
      })
      const auth = customerAuthOf(
        {
          redisUrl: "redis://cache:6379",
          redisPrefix: "shop:",
          http: { jwtSecret: "j", cookieSecret: "c" },
          sessionOptions: { name: "shop.sid" },
        },
        {}
      )
      expect(auth.jwtSecret).toBe("j")
      expect(auth.session).toEqual({ cookieName: "shop.sid", secret: "c", redisUrl: "redis://cache:6379", keyPrefix: "shop:sess:" })
      expect(customerAuthOf({}, { JWT_SECRET: "from env" }).jwtSecret).toBe("from env")
    })
  })
})
