import { isRecord, redact, retryAfterSeconds, sendJson } from "../shared/outbound-http"
import { describeOutboundFailure } from "./outbound-words"

/** Where and how to reach the mailing-list provider (MailerLite API, version 2 style). */
export type MailerEndpoint = { baseUrl: string; apiKey: string; timeoutMs: number }

export type SubscribeResult =
  | { ok: true; mailer_id: string; created: boolean }
  /**
   * `mailer_id` is set when the upsert answered but the group assignment failed;
   * `retryAfterSeconds` when the provider refused the call for its rate limit (429);
   * `unanswered` when it did not answer at all (unreachable, or past the timeout).
   */
  | { ok: false; mailer_id: string | null; error: string; retryAfterSeconds?: number; unanswered?: true }

class MailerCallFailed extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    readonly unanswered = false
  ) {
    super(message)
  }
}

/** MailerLite's batch endpoint takes at most this many requests. */
export const MAX_BATCH_REQUESTS = 50

/** A 429 without a usable `Retry-After` waits this long. */
const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 60

const MAX_DETAIL_LENGTH = 200

/** The provider's own error text, cut short and stripped of the key should it ever echo it. */
function failureDetail(body: unknown, apiKey: string): string {
  const message = isRecord(body) && typeof body.message === "string" ? body.message : ""
  return redact(message, apiKey, "[key]").slice(0, MAX_DETAIL_LENGTH)
}

async function post(endpoint: MailerEndpoint, call: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  let response
  try {
    response = await sendJson({
      method: "POST",
      url: `${endpoint.baseUrl}${path}`,
      headers: { authorization: `Bearer ${endpoint.apiKey}` },
      json: body,
      timeoutMs: endpoint.timeoutMs,
    })
  } catch (error) {
    throw new MailerCallFailed(`${call}: ${describeOutboundFailure(error, endpoint.timeoutMs)}`, undefined, true)
  }
  if (response.status === 429) {
    const wait = retryAfterSeconds(response.headers) ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS
    throw new MailerCallFailed(`${call}: HTTP 429 rate limited, retry after ${wait} s`, wait)
  }
  return response
}

/** A subscriber id as MailerLite answers it (string or number), or null. */
function subscriberIdOf(body: unknown): string | null {
  const data = isRecord(body) ? body.data : undefined
  const id = isRecord(data) ? data.id : undefined
  return (typeof id === "string" || typeof id === "number") && String(id) !== "" ? String(id) : null
}

/**
 * Subscribes `email` to `groupId`: `POST /api/subscribers { email, groups }` upserts the
 * subscriber (200 existed, 201 created) and answers `data.id`; then
 * `POST /api/subscribers/{id}/groups/{group}` assigns the group in case the upsert did not.
 * Never throws; errors name the failing call and status, never the key.
 */
export async function subscribeToGroup(endpoint: MailerEndpoint, email: string, groupId: string): Promise<SubscribeResult> {
  let mailerId: string | null = null
  try {
    const upsert = await post(endpoint, "upsert", "/api/subscribers", { email, groups: [groupId] })
    if (upsert.status !== 200 && upsert.status !== 201) {
      throw new MailerCallFailed(`upsert: HTTP ${upsert.status} ${failureDetail(upsert.body, endpoint.apiKey)}`.trim())
    }
    mailerId = subscriberIdOf(upsert.body)
    if (!mailerId) {
      throw new MailerCallFailed("upsert: the answer has no data.id")
    }

    const assign = await post(
      endpoint,
      "group assignment",
      `/api/subscribers/${encodeURIComponent(mailerId)}/groups/${encodeURIComponent(groupId)}`,
      {}
    )
    if (assign.status < 200 || assign.status > 299) {
      throw new MailerCallFailed(`group assignment: HTTP ${assign.status} ${failureDetail(assign.body, endpoint.apiKey)}`.trim())
    }
    return { ok: true, mailer_id: mailerId, created: upsert.status === 201 }
  } catch (error) {
    if (error instanceof MailerCallFailed) {
      const failure: SubscribeResult = { ok: false, mailer_id: mailerId, error: error.message, retryAfterSeconds: error.retryAfterSeconds }
      return error.unanswered ? { ...failure, unanswered: true } : failure
    }
    return { ok: false, mailer_id: mailerId, error: "unexpected error" }
  }
}

/**
 * Erases a subscriber for a data-erasure request: `POST /api/subscribers/{id}/forget`
 * (MailerLite removes them and their data). A 404 is success: nobody left to forget.
 * Never throws; errors name the call and status, never the key.
 */
export async function forgetSubscriber(endpoint: MailerEndpoint, mailerId: string): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const response = await post(endpoint, "forget", `/api/subscribers/${encodeURIComponent(mailerId)}/forget`, {})
    if ((response.status >= 200 && response.status <= 299) || response.status === 404) return { ok: true }
    return { ok: false, error: `forget: HTTP ${response.status} ${failureDetail(response.body, endpoint.apiKey)}`.trim() }
  } catch (error) {
    return { ok: false, error: error instanceof MailerCallFailed ? error.message : "unexpected error" }
  }
}

/** One subscriber of a batch: where it goes. */
export type BatchSubscriber = { email: string; groupId: string }

/** A batch's outcome: one result per subscriber, in order; or the whole call refused or failed. */
export type BatchResult =
  | { kind: "answered"; results: Array<{ ok: true; mailer_id: string } | { ok: false; error: string }> }
  | { kind: "rate_limited"; retryAfterSeconds: number; error: string }
  | { kind: "failed"; error: string }

/**
 * Subscribes up to 50 addresses in one call: `POST /api/batch { requests: [{ method: "POST",
 * path: "api/subscribers", body: { email, groups: [group] } }] }`. MailerLite answers
 * `{ total, successful, failed, responses: [{ code, body }] }` in request order; the upsert
 * with `groups` attaches the group, so no assignment call follows. Never throws; errors name
 * the status, never the key.
 */
export async function subscribeBatch(endpoint: MailerEndpoint, subscribers: readonly BatchSubscriber[]): Promise<BatchResult> {
  if (subscribers.length > MAX_BATCH_REQUESTS) {
    throw new RangeError(`a MailerLite batch takes at most ${MAX_BATCH_REQUESTS} requests`)
  }
  const requests = subscribers.map(({ email, groupId }) => ({ method: "POST", path: "api/subscribers", body: { email, groups: [groupId] } }))
  try {
    const answer = await post(endpoint, "batch", "/api/batch", { requests })
    if (answer.status !== 200) {
      throw new MailerCallFailed(`batch: HTTP ${answer.status} ${failureDetail(answer.body, endpoint.apiKey)}`.trim())
    }
    const responses = isRecord(answer.body) && Array.isArray(answer.body.responses) ? answer.body.responses : null
    if (!responses || responses.length !== subscribers.length) {
      throw new MailerCallFailed("batch: the answer does not have one response per request")
    }
    return {
      kind: "answered",
      results: responses.map((response: unknown) => {
        const code = isRecord(response) ? Number(response.code) : NaN
        const body = isRecord(response) ? response.body : undefined
        if (code !== 200 && code !== 201) {
          return { ok: false as const, error: `upsert: HTTP ${code} ${failureDetail(body, endpoint.apiKey)}`.trim() }
        }
        const mailerId = subscriberIdOf(body)
        return mailerId ? { ok: true as const, mailer_id: mailerId } : { ok: false as const, error: "upsert: the answer has no data.id" }
      }),
    }
  } catch (error) {
    if (error instanceof MailerCallFailed) {
      return error.retryAfterSeconds !== undefined
        ? { kind: "rate_limited", retryAfterSeconds: error.retryAfterSeconds, error: error.message }
        : { kind: "failed", error: error.message }
    }
    return { kind: "failed", error: "unexpected error" }
  }
}
