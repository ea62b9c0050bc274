import { createHash, timingSafeEqual } from "node:crypto"

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

/**
 * Whether the caller's secret is the configured one, in time independent of where they
 * differ (both sides are hashed first, so lengths leak nothing either). No configured
 * secret matches nothing.
 */
export function sharedSecretMatches(given: unknown, expected: string | null | undefined): boolean {
  if (!expected || typeof given !== "string" || !given) {
    return false
  }
  return timingSafeEqual(digest(given), digest(expected))
}
