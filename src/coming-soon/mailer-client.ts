import { isRecord, redact, sendJson } from "../shared/outbound-http"
import { describeOutboundFailure } from "./outbound-words"

/** Where and how to reach the mailing-list provider (MailerLite API, version 2 style). */
export type MailerEndpoint = { baseUrl: string; apiKey: string; timeoutMs: number }

export type SubscribeResult =
  | { ok: true; mailer_id: string; created: boolean }
  /** `mailer_id` is set when the upsert answered but the group assignment failed. */
  | { ok: false; mailer_id: string | null; error: string }

class MailerCallFailed extends Error {}

const MAX_DETAIL_LENGTH = 200

/** The provider's own error text, cut short and stripped of the key should it ever echo it. */
function failureDetail(body: unknown, apiKey: string): string {
  const message = isRecord(body) && typeof body.message === "string" ? body.message : ""
  return redact(message, apiKey, "[key]").slice(0, MAX_DETAIL_LENGTH)
}

async function post(endpoint: MailerEndpoint, call: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    return await sendJson({
      method: "POST",
      url: `${endpoint.baseUrl}${path}`,
      headers: { authorization: `Bearer ${endpoint.apiKey}` },
      json: body,
      timeoutMs: endpoint.timeoutMs,
    })
  } catch (error) {
    throw new MailerCallFailed(`${call}: ${describeOutboundFailure(error, endpoint.timeoutMs)}`)
  }
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
    const data = isRecord(upsert.body) ? upsert.body.data : undefined
    const id = isRecord(data) ? data.id : undefined
    if ((typeof id !== "string" && typeof id !== "number") || String(id) === "") {
      throw new MailerCallFailed("upsert: the answer has no data.id")
    }
    mailerId = String(id)

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
    const message = error instanceof MailerCallFailed ? error.message : "unexpected error"
    return { ok: false, mailer_id: mailerId, error: message }
  }
}
