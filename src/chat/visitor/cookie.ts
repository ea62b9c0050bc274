import { randomBytes } from "node:crypto"
import { serialize } from "cookie"
import type { CookieSameSite } from "../../modules/support-chat/types"

export const VISITOR_COOKIE = "app_visitor_hash"
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** 256 random bits, URL-safe: unguessable and cookie-safe as is. */
export const newVisitorHash = () => randomBytes(32).toString("base64url")

/** Only values we could have issued are looked up at all. */
export const isWellFormedVisitorHash = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value)

export type VisitorCookieSettings = { sameSite: CookieSameSite; secure: boolean }

export const visitorCookieHeader = (hash: string, settings: VisitorCookieSettings) =>
  serialize(VISITOR_COOKIE, hash, {
    path: "/",
    httpOnly: true,
    maxAge: ONE_YEAR_SECONDS,
    expires: new Date(Date.now() + ONE_YEAR_SECONDS * 1000),
    sameSite: settings.sameSite,
    // Browsers drop SameSite=None cookies that are not Secure.
    secure: settings.secure || settings.sameSite === "none",
  })
