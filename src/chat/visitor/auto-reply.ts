import type { CannedChoice, MessageDTO } from "../../modules/support-chat/sql/conversation-repository"
import type { QuotaUnit } from "../../modules/launchdesk/sql/daily-quota-repository"
import { classifyQuestion, refusedEndpoint, type ModelEndpoint } from "../auto-reply/classifier"
import { hashClientKey } from "../../modules/launchdesk/sql/rate-limit-repository"
import type { ChatSettings } from "../settings"
import { ok, parseInput, type Outcome } from "../../shared/outcome"
import type { VisitorRequest } from "./http"
import { StoreAutoReply } from "./validators"
import { messageEffect } from "./deferred-effects"
import { afterEffectsRecorded, limited, noCookie, notStored, UNKNOWN_CLIENT_KEY, visitorConversation, type VisitorDeps } from "./visitor-api"
import { canFill, renderCannedText, type VariableValues } from "../../shared/browser-safe/canned-variables"
import { variantFor } from "../../shared/locale"

/** The answer a canned response gives in `locale`: its variant's, else the default. */
export const cannedResponseIn = (choice: CannedChoice, locale: string | null) =>
  variantFor(choice.translations, locale)?.response ?? choice.response

/**
 * What the model reads of a canned response: its question in every language it was written
 * in (a shopper asks in theirs), on one line; its answers never.
 */
const questionsOf = (choice: CannedChoice) =>
  [choice.question, ...Object.values(choice.translations ?? {}).flatMap((variant) => (variant.question ? [variant.question] : []))].join(" / ")

export type AutoReplyDeclineReason =
  | "not_configured"
  | "no_visitor_message"
  | "already_replied"
  | "daily_cap_reached"
  | "no_match"
  | "classifier_error"

/** Counter scope of the store-wide daily cap; the window id is `<scope>:<YYYY-MM-DD>`. */
export const AUTO_REPLY_QUOTA_SCOPE = "chat.autoReply.day"
/** Counter scope of the store-wide daily budget of model calls, whatever they answer. */
export const AUTO_REPLY_CALL_BUDGET_SCOPE = "chat.autoReply.calls"
/** Counter scope of one conversation's model calls per day: `<prefix>.<conversation id>`. */
export const conversationCallScope = (conversationId: number) => `chat.autoReply.calls.conversation.${conversationId}`
/** Counter scope of one client address's model calls per day: `<prefix>.<sha256 of the address>`. */
export const addressCallScope = (clientIp: string | undefined) =>
  `chat.autoReply.calls.address.${hashClientKey(clientIp ?? UNKNOWN_CLIENT_KEY)}`
// Without the option, one client address may spend a tenth of the store's daily call budget.
const DEFAULT_ADDRESS_SHARE_OF_BUDGET = 0.1

/** Model calls one client address may cause per UTC day: the option, else a tenth of the budget (at least 1). */
export function callsPerAddressPerDay(option: number | null, dailyBudget: number): number {
  if (option !== null) return option
  return Math.max(1, Math.floor(dailyBudget * DEFAULT_ADDRESS_SHARE_OF_BUDGET))
}
// Every canned question goes into the prompt: bound its size.
const MAX_CANNED_IN_PROMPT = 200

const declined = (reason: AutoReplyDeclineReason) => ok({ auto_replied: false, reason })

function modelEndpoint(settings: ChatSettings): ModelEndpoint | null {
  const { base_url, api_key, model, allowed_origins } = settings.model
  return base_url && model ? { base_url, api_key, model, allowed_origins } : null
}

/** Runs `work`; when it throws, runs `undo` first (a claim must not outlive a failed request). */
async function undoOnError<T>(work: () => Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    await undo()
    throw error
  }
}

type Reservation = { release: () => Promise<void> }

/**
 * Claims the conversation's single auto-reply, then one unit of today's cap. Both are atomic
 * statements, so racing requests and processes can neither reply twice nor pass the cap.
 */
async function reserve(
  deps: VisitorDeps,
  conversationId: number,
  dailyCap: number
): Promise<Reservation | { reason: "already_replied" | "daily_cap_reached" }> {
  if (!(await deps.store.claimAutoReply(conversationId))) {
    return { reason: "already_replied" }
  }
  const releaseClaim = () => deps.store.releaseAutoReply(conversationId)
  const unit = await undoOnError(() => deps.dailyQuota.take(AUTO_REPLY_QUOTA_SCOPE, dailyCap), releaseClaim)
  if (!unit) {
    await releaseClaim()
    return { reason: "daily_cap_reached" }
  }
  return {
    release: async () => {
      await deps.dailyQuota.giveBack(unit)
      await releaseClaim()
    },
  }
}

/**
 * Takes one model call from the conversation's daily allowance, one from the client address's
 * daily share and one from the store's daily call budget, each an atomic take shared by every
 * process; a refused take gives back the ones before it. They are spent once the model is
 * asked: `no_match` and `classifier_error` give back the reply unit and the claim, never these,
 * so no conversation, and no client opening conversation after conversation, can spend the
 * store's budget for every other shopper.
 */
async function takeModelCall(deps: VisitorDeps, conversationId: number, clientIp: string | undefined, dailyBudget: number): Promise<boolean> {
  const { callsPerConversationPerDay, callsPerAddressPerDay: addressOption } = deps.settings.autoReply
  const takes: [string, number][] = [
    [conversationCallScope(conversationId), callsPerConversationPerDay],
    [addressCallScope(clientIp), callsPerAddressPerDay(addressOption, dailyBudget)],
    [AUTO_REPLY_CALL_BUDGET_SCOPE, dailyBudget],
  ]
  const taken: QuotaUnit[] = []
  const giveBackTaken = async () => {
    for (const unit of taken) await deps.dailyQuota.giveBack(unit)
  }
  for (const [scope, cap] of takes) {
    const unit = await undoOnError(() => deps.dailyQuota.take(scope, cap), giveBackTaken)
    if (!unit) {
      await giveBackTaken()
      return false
    }
    taken.push(unit)
  }
  return true
}

type Attempt = { response: Outcome; stored?: MessageDTO }

/** Asks the model, and stores the chosen canned response as an `auto` message. */
async function answerWithCannedResponse(
  deps: VisitorDeps,
  conversationId: number,
  question: string,
  endpoint: ModelEndpoint,
  canned: CannedChoice[],
  values: VariableValues,
  locale: string | null
): Promise<Attempt> {
  const candidates = canned.map((choice) => ({ ...choice, question: questionsOf(choice) }))
  const verdict = await classifyQuestion(endpoint, question, candidates, deps.settings.autoReply.timeoutMs)
  if (verdict.outcome === "error") {
    deps.warn?.(`LaunchDesk auto-reply: ${verdict.detail}`)
    return { response: declined("classifier_error") }
  }
  if (verdict.outcome === "no_match") {
    return { response: declined("no_match") }
  }
  // No next_status: an auto-reply leaves the conversation waiting for a person.
  const stored = await deps.store.insertMessage({
    conversation_id: conversationId,
    sender: "auto",
    // In the conversation's language: the variant of its locale, else the default.
    message: renderCannedText(cannedResponseIn(verdict.choice, locale), values).text,
    author_name: null,
    // Its event, recorded with it: both or neither.
    effects: [messageEffect("auto_reply")],
  }).catch((error: unknown) => notStored(deps, error))
  if (!stored) {
    return { response: noCookie() }
  }
  if ("kind" in stored) return { response: stored }
  return {
    response: ok({ auto_replied: true, message_id: stored.message_id, canned_id: verdict.choice.id }),
    stored,
  }
}

/**
 * `POST /auto-reply` `{ question }`: answers the visitor with a canned response the model
 * picked, at most once per conversation and within the store's daily cap.
 *
 * Checks run cheapest first, and the model is called only when a reply could be stored:
 *  1. rate limit, 429 (every attempt counts, as on the other routes);
 *  2. visitor cookie, 403; 3. body, 400;
 *  4. `not_configured`: no model base URL or model name in the settings;
 *  5. `not_configured`: no canned response to pick from;
 *  6. `no_visitor_message`: the visitor has not written anything yet;
 *  7. `already_replied`: the atomic claim on the conversation fails;
 *  8. `daily_cap_reached`: the atomic take of today's unit fails (the claim is given back);
 *  9. `daily_cap_reached` also when the conversation has had its model calls for the day
 *     (option `autoReply.callsPerConversationPerDay`, default 3), the client address has had
 *     its share (`autoReply.callsPerAddressPerDay`, default a tenth of the budget) or the
 *     store's daily call budget (`auto_reply_daily_call_budget`, default 200) is spent: the
 *     contract's reasons are fixed, and all are daily caps;
 * 10. `classifier_error` / `no_match` from the model (claim and reply unit are given back, so
 *     a later question can still be answered; the model calls stay spent).
 */
export async function requestAutoReply(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const refused = await limited(deps, "autoReply", req, deps.settings.limits.autoReply)
  if (refused) return refused
  const found = await visitorConversation(deps, req)
  if ("refusal" in found) return found.refusal
  const { conversation } = found
  const input = parseInput(StoreAutoReply, req.body)
  if ("refusal" in input) return input.refusal

  const settings = await deps.chatSettings()
  const endpoint = modelEndpoint(settings)
  if (!endpoint) return declined("not_configured")
  // A base URL the configuration does not allow never gets the key, nor a unit of any budget.
  const refusedHost = refusedEndpoint(endpoint)
  if (refusedHost) {
    deps.warn?.(`LaunchDesk auto-reply: ${refusedHost}`)
    return declined("classifier_error")
  }
  // Only answers whose variables this conversation fills: customer and order data for a
  // linked (verified) customer only, so a guest is never offered an answer that needs them.
  const values = (await deps.variableValues?.(conversation)) ?? {}
  const canned = (await deps.store.cannedChoices(MAX_CANNED_IN_PROMPT)).filter((choice) =>
    canFill(cannedResponseIn(choice, conversation.locale), values)
  )
  if (!canned.length) return declined("not_configured")
  const conversationId = conversation.conversation_id
  if (!(await deps.store.hasVisitorMessage(conversationId))) return declined("no_visitor_message")

  const reservation = await reserve(deps, conversationId, settings.auto_reply_daily_cap)
  if ("reason" in reservation) return declined(reservation.reason)
  const mayCall = await undoOnError(
    () => takeModelCall(deps, conversationId, req.ip, settings.auto_reply_daily_call_budget),
    reservation.release
  )
  if (!mayCall) {
    await reservation.release()
    return declined("daily_cap_reached")
  }
  const attempt = await undoOnError(
    () => answerWithCannedResponse(deps, conversationId, input.data.question, endpoint, canned, values, conversation.locale),
    reservation.release
  )
  if (!attempt.stored) {
    await reservation.release()
    return attempt.response
  }
  await afterEffectsRecorded(deps, conversationId)
  return attempt.response
}
