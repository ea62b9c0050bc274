import type { z } from "@medusajs/framework/zod"
import { describeIssues } from "./input-schema"

/**
 * What a core operation (a visitor chat operation, the waitlist signup) answers, free of HTTP:
 * each transport turns it into a response in one place (src/shared/send-outcome.ts).
 */

/** A cookie to set with an answer; the transport serializes it. */
export type CookieToSet = {
  name: string
  value: string
  maxAgeSeconds: number
  /** False when the storefront's script must read it. */
  httpOnly: boolean
  sameSite: "lax" | "strict" | "none"
  secure: boolean
}

export type Success<T> = { kind: "ok"; body: T; cookie?: CookieToSet }
/** Done, nothing to say: 204. */
export type NoContent = { kind: "no_content" }

export type Refusal =
  /** The input is wrong: 400 `invalid_data`. */
  | { kind: "invalid"; message: string }
  /** The route needs a signed-in customer and the request has none: 401 `unauthorized`. */
  | { kind: "unauthorized"; message: string }
  /** The caller may not do this (no session of its own): 403 `not_allowed`. */
  | { kind: "forbidden"; message: string }
  | { kind: "not_found"; message: string }
  /** Not possible in the record's present state (already rated, not closed yet): 409 `conflict`. */
  | { kind: "conflict"; message: string }
  /** Too many requests: 429 with `Retry-After`. */
  | { kind: "rate_limited"; message: string; retryAfter: number }
  /** Nothing was done, and the same request may succeed shortly (the database refused a write): 503 with `Retry-After`. */
  | { kind: "unavailable"; message: string; retryAfter: number }

export type Outcome<T = unknown> = Success<T> | NoContent | Refusal

export const ok = <T>(body: T, cookie?: CookieToSet): Success<T> => (cookie ? { kind: "ok", body, cookie } : { kind: "ok", body })
export const noContent = (): NoContent => ({ kind: "no_content" })
export const invalid = (message: string): Refusal => ({ kind: "invalid", message })
export const unauthorized = (message: string): Refusal => ({ kind: "unauthorized", message })
export const forbidden = (message: string): Refusal => ({ kind: "forbidden", message })
export const notFound = (message: string): Refusal => ({ kind: "not_found", message })
export const conflict = (message: string): Refusal => ({ kind: "conflict", message })
export const rateLimited = (message: string, retryAfter: number): Refusal => ({ kind: "rate_limited", message, retryAfter })
export const unavailable = (message: string, retryAfter: number): Refusal => ({ kind: "unavailable", message, retryAfter })

/** Parses `input` (absent: `{}`) with a zod schema; a failure is `invalid`, worded as the Medusa routes word it. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): { data: z.infer<S> } | { refusal: Refusal } {
  const result = schema.safeParse(input ?? {})
  return result.success ? { data: result.data } : { refusal: invalid(describeIssues(result.error)) }
}
