import { createHash, timingSafeEqual } from "node:crypto"
import type { LimitRule, PeekingLimiter } from "../../modules/launchdesk/sql/rate-limit-repository"

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

/** Failed bridge authentications per client address before the hook answers 429 (even to the right secret). */
export const DEFAULT_BRIDGE_AUTH_LIMIT: LimitRule = { max: 10, windowSeconds: 15 * 60 }

/** The limiter scope of failed bridge authentications. */
export const BRIDGE_AUTH_SCOPE = "bridge-auth"

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

export type BridgeAuthDeps = {
  /** The plugin's shared limiter (the database's windows), never process memory. */
  limiter: PeekingLimiter
  rule: LimitRule
  /** The client address by the `clientIp` option; unknown: not throttled (the limiter fails open). */
  clientKey: string | undefined
  /** The effective secret (`usableSharedSecret`), or none. */
  expected: string | null
}

/** What the bridge hook's gate decided. */
export type BridgeAuth = { kind: "pass" } | { kind: "unauthorized" } | { kind: "throttled"; retryAfterSeconds: number }

/**
 * The bridge hook's gate: a client with `rule.max` failures in the current window is refused
 * (429) until the window ends, whatever it sends; a wrong or missing secret is refused (401)
 * and counts one failure.
 */
export async function authenticateBridge(deps: BridgeAuthDeps, given: unknown): Promise<BridgeAuth> {
  const held = await deps.limiter.peek(BRIDGE_AUTH_SCOPE, deps.clientKey, deps.rule)
  if (!held.allowed) return { kind: "throttled", retryAfterSeconds: held.retryAfterSeconds }
  if (sharedSecretMatches(given, deps.expected)) return { kind: "pass" }
  const counted = await deps.limiter.hit(BRIDGE_AUTH_SCOPE, deps.clientKey, deps.rule)
  return counted.allowed ? { kind: "unauthorized" } : { kind: "throttled", retryAfterSeconds: counted.retryAfterSeconds }
}
