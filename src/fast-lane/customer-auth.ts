import { createHmac, timingSafeEqual } from "node:crypto"
import Redis from "ioredis"
import { getAuthContextFromJwtToken } from "@medusajs/framework/http"

/** What the fast lane takes from the store's `projectConfig` to verify a customer, as Medusa does. */
export type CustomerAuthConfig = {
  /** `http.jwtSecret` (Medusa's default "supersecret" when unset, outside production). */
  jwtSecret: string
  jwtPublicKey?: string
  jwtVerifyOptions?: Record<string, unknown>
  /**
   * Medusa's session store when it is Redis (`projectConfig.redisUrl`): the session cookie's
   * name, its signing secret (`sessionOptions.secret` or `http.cookieSecret`) and the key prefix.
   * Without it a session cookie cannot be checked here and counts as no authentication.
   */
  session?: { cookieName: string; secret: string; redisUrl: string; keyPrefix: string }
}

export type CustomerAuthRequest = {
  authorization?: string
  cookies: Record<string, string | undefined>
}

export type CustomerVerifier = {
  /** The customer the request is signed in as, or null. */
  customerOf: (req: CustomerAuthRequest) => Promise<string | null>
  close: () => Promise<void>
}

type AuthContext = { actor_type?: string; actor_id?: string }

const customerIdOf = (context: AuthContext | null | undefined) =>
  context?.actor_type === "customer" && typeof context.actor_id === "string" && context.actor_id ? context.actor_id : null

/**
 * express-session's signed cookie, `s:<id>.<base64 HMAC-SHA256 of id, unpadded>`; the id when
 * the signature is right.
 */
export function unsignSessionCookie(value: string, secret: string): string | null {
  if (!value.startsWith("s:")) return null
  const signed = value.slice(2)
  const dot = signed.lastIndexOf(".")
  if (dot <= 0) return null
  const id = signed.slice(0, dot)
  const expected = Buffer.from(createHmac("sha256", secret).update(id).digest("base64").replace(/=+$/, ""))
  const given = Buffer.from(signed.slice(dot + 1))
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

// A session id is a short random string; anything longer is not one.
const MAX_SESSION_ID_LENGTH = 128

/**
 * Verifies a customer as Medusa's `authenticate("customer", ["session", "bearer"])` does: the
 * session first (read from Medusa's Redis session store), then a bearer token checked with
 * Medusa's own function and the store's JWT settings.
 */
export function createCustomerVerifier(config: CustomerAuthConfig): CustomerVerifier {
  const session = config.session
  let redis: Redis | undefined
  const sessionCustomer = async (cookies: CustomerAuthRequest["cookies"]) => {
    const raw = session ? cookies[session.cookieName] : undefined
    if (!session || !raw) return null
    const id = unsignSessionCookie(raw, session.secret)
    if (!id || id.length > MAX_SESSION_ID_LENGTH) return null
    redis ??= new Redis(session.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    const stored = await redis.get(`${session.keyPrefix}${id}`)
    if (!stored) return null
    try {
      return customerIdOf((JSON.parse(stored) as { auth_context?: AuthContext }).auth_context)
    } catch {
      return null
    }
  }
  return {
    customerOf: async (req) => {
      const fromSession = await sessionCustomer(req.cookies)
      if (fromSession) return fromSession
      if (!req.authorization) return null
      const context = getAuthContextFromJwtToken(
        req.authorization,
        config.jwtSecret,
        ["bearer"],
        ["customer"],
        config.jwtPublicKey,
        config.jwtVerifyOptions
      ) as AuthContext | null
      return customerIdOf(context)
    },
    close: async () => {
      await redis?.quit().catch(() => redis?.disconnect())
    },
  }
}
