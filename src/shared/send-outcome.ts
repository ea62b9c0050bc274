import type { Response } from "express"
import { serialize } from "cookie"
import type { CookieToSet, Outcome, Refusal } from "./outcome"

/**
 * The one place where an outcome becomes an HTTP answer, for the Medusa routes and the fast
 * lane alike (both answer through an Express response).
 */

/** The body of a refusal, given Medusa's error `type` and the message. */
export type ErrorBody = (type: string, message: string) => unknown

/** Medusa's error body, as its error handler writes it (`{ type, message }`). */
export const medusaErrorBody: ErrorBody = (type, message) => ({ type, message })

const STATUS_AND_TYPE: Record<Refusal["kind"], [number, string]> = {
  invalid: [400, "invalid_data"],
  unauthorized: [401, "unauthorized"],
  forbidden: [403, "not_allowed"],
  not_found: [404, "not_found"],
  conflict: [409, "conflict"],
  rate_limited: [429, "too_many_requests"],
  unavailable: [503, "service_unavailable"],
}

export const cookieHeader = (cookie: CookieToSet) =>
  serialize(cookie.name, cookie.value, {
    path: "/",
    httpOnly: cookie.httpOnly,
    maxAge: cookie.maxAgeSeconds,
    expires: new Date(Date.now() + cookie.maxAgeSeconds * 1000),
    sameSite: cookie.sameSite,
    secure: cookie.secure,
  })

export type HttpAnswer = { status: number; headers: Record<string, string>; body: unknown }

/** The status, headers and JSON body an outcome answers with. */
export function httpAnswer(outcome: Outcome, errorBody: ErrorBody = medusaErrorBody): HttpAnswer {
  if (outcome.kind === "ok") {
    return { status: 200, headers: outcome.cookie ? { "Set-Cookie": cookieHeader(outcome.cookie) } : {}, body: outcome.body }
  }
  if (outcome.kind === "no_content") return { status: 204, headers: {}, body: undefined }
  const [status, type] = STATUS_AND_TYPE[outcome.kind]
  const headers: Record<string, string> =
    outcome.kind === "rate_limited" || outcome.kind === "unavailable"
      ? {
          "Retry-After": String(outcome.retryAfter),
          // A storefront on another origin may only read the wait time when CORS exposes it.
          "Access-Control-Expose-Headers": "Retry-After",
        }
      : {}
  return { status, headers, body: errorBody(type, outcome.message) }
}

/** Answers `res` with the outcome, as JSON. */
export function sendOutcome(res: Response, outcome: Outcome, errorBody?: ErrorBody) {
  const answer = httpAnswer(outcome, errorBody)
  for (const [name, value] of Object.entries(answer.headers)) {
    res.setHeader(name, value)
  }
  if (answer.status === 204) res.status(204).end()
  else res.status(answer.status).json(answer.body)
}
