import { randomBytes } from "node:crypto"
import type { VisitorCookieSettings } from "../../shared/cookie-settings"
import type { CookieToSet } from "../../shared/outcome"

export const VISITOR_COOKIE = "app_visitor_hash"
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** 256 random bits, URL-safe: unguessable and cookie-safe as is. */
export const newVisitorHash = () => randomBytes(32).toString("base64url")

/** Only values we could have issued are looked up at all. */
export const isWellFormedVisitorHash = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value)

/** The visitor's session cookie: HttpOnly, one year. */
export const visitorCookie = (hash: string, settings: VisitorCookieSettings): CookieToSet => ({
  name: VISITOR_COOKIE,
  value: hash,
  maxAgeSeconds: ONE_YEAR_SECONDS,
  httpOnly: true,
  sameSite: settings.sameSite,
  // Browsers drop SameSite=None cookies that are not Secure.
  secure: settings.secure || settings.sameSite === "none",
})
