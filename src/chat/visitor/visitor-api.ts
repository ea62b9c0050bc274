import type { z } from "@medusajs/framework/zod"
import type { Limiter, LimitRule } from "../../modules/launchdesk/sql/rate-limit-repository"
import {
  MESSAGE_PAGE_SIZE,
  type ConversationRepository,
  type ConversationRow,
} from "../../modules/support-chat/sql/conversation-repository"
import type { DailyQuota } from "../../modules/launchdesk/sql/daily-quota-repository"
import type { ReadMarksRepository } from "../../modules/support-chat/sql/read-marks-repository"
import type { FeedbackRepository } from "../../modules/support-chat/sql/feedback-repository"
import {
  MESSAGE_NOT_STORED,
  MESSAGE_RETRY_AFTER_SECONDS,
  MessageWriteError,
} from "../../modules/support-chat/sql/message-write-error"
import type { ChatSignals } from "../../modules/support-chat/runtime/chat-signals"
import type { PollSource } from "../../modules/support-chat/runtime/poll-cache"
import { chatTextFor, sessionLabelsFor, sessionTextsFor, type ChatSettings } from "../settings"
import { availabilityAt } from "../hours/availability"
import type { VariableValues } from "../../shared/browser-safe/canned-variables"
import { conflict, forbidden, invalid, ok, parseInput, rateLimited, unavailable, type Outcome, type Refusal } from "../../shared/outcome"
import type { VisitorRequest } from "./http"
import { resolveLocale, type StoreLanguages } from "../../shared/locale"
import { messageEffect, type VisitorEffects } from "./deferred-effects"
import { isWellFormedVisitorHash, newVisitorHash, visitorCookie, VISITOR_COOKIE } from "./cookie"
import type { VisitorSettings } from "./options"
import {
  MAX_MESSAGE_LENGTH,
  StorePollMessages,
  StoreSaveEmail,
  StoreSendMessage,
  StoreStartSession,
} from "./validators"

/** What a visitor operation needs; the Medusa routes and the fast lane each provide it. */
export type VisitorDeps = Pick<VisitorEffects, "onConversationCreated" | "onCustomerLinked" | "onConversationRated"> & {
  store: ConversationRepository
  /** Answers polls; `store` when absent. */
  pollSource?: PollSource
  limiter: Limiter
  settings: VisitorSettings
  /**
   * Told after a statement stored a message together with its effects (outbox rows,
   * `messageEffect`: its event, its team-chat post): Medusa's lane runs them at once, the fast
   * lane wakes the relays. Never changes the answer: the relay job runs whatever is recorded.
   */
  effectsRecorded?: (conversationId: number) => Promise<void>
  /** Typing and read notices to and from every process (modules/support-chat/runtime/chat-signals.ts). */
  signals: Pick<ChatSignals, "send" | "isTyping">
  readMarks: Pick<ReadMarksRepository, "markRead">
  /** Ratings and transcript requests (feedback.ts). */
  feedback: Pick<FeedbackRepository, "rate" | "requestTranscript">
  /** The chat's effective settings: the model endpoint and daily cap for an auto-reply, the hours for a session. */
  chatSettings: () => Promise<ChatSettings>
  /** The languages the store offers (src/shared/locale.ts), the same on both lanes. */
  storeLanguages: () => Promise<StoreLanguages>
  /** The store-wide daily cap of auto-replies. */
  dailyQuota: DailyQuota
  /**
   * The canned-response variables this conversation fills (CONTRACT §6); given on Medusa's lane,
   * which reaches the Customer, Order and Store modules. Without it (the fast lane) an
   * auto-reply picks only among answers without variables.
   */
  variableValues?: (conversation: Pick<ConversationRow, "customer_id">) => Promise<VariableValues>
  /** Operational warnings (a failing model endpoint); never given a secret. */
  warn?: (message: string) => void
}

// How stale `last_seen_at` may get before a poll refreshes it (offline email needs minutes).
export const SEEN_REFRESH_SECONDS = 20

export const noCookie = () =>
  forbidden("Start a chat session first: the app_visitor_hash cookie is missing or unknown.")

/** A cookie whose conversation belongs to a customer account the request is not signed in to. */
export const otherCustomer = () =>
  forbidden("This conversation belongs to a customer account: sign in to that account to continue it.")

export const tooMany = (retryAfterSeconds: number) =>
  rateLimited("Too many requests, please wait a moment and try again.", retryAfterSeconds)

// Chat limits fail closed: requests without a client address share this one bucket.
export const UNKNOWN_CLIENT_KEY = "unknown"

export async function limited(
  deps: Pick<VisitorDeps, "limiter">,
  scope: string,
  req: VisitorRequest,
  rule: LimitRule
): Promise<Refusal | null> {
  const verdict = await deps.limiter.hit(`chat.${scope}`, req.ip ?? UNKNOWN_CLIENT_KEY, rule)
  return verdict.allowed ? null : tooMany(verdict.retryAfterSeconds)
}

const conversationBusy = (retryAfterSeconds: number) =>
  rateLimited(
    "This conversation has received too many messages in a short time, please wait and try again.",
    retryAfterSeconds
  )

const conversationFull = () => invalid("This conversation is full: it cannot take more messages.")

/**
 * The database refused a message's statement: nothing of it was stored (message, conversation
 * update, effects), so the sender is told to send it again (503 with `Retry-After`), never a
 * 500. Any other failure is rethrown.
 */
export function notStored(deps: Pick<VisitorDeps, "warn">, error: unknown): Refusal {
  if (!(error instanceof MessageWriteError)) throw error
  deps.warn?.(`launchdesk: ${error.message}`)
  return unavailable(MESSAGE_NOT_STORED, MESSAGE_RETRY_AFTER_SECONDS)
}

/** Hands a stored message's recorded effects on (`effectsRecorded`); a failure is only logged. */
export async function afterEffectsRecorded(deps: Pick<VisitorDeps, "effectsRecorded" | "warn">, conversationId: number) {
  try {
    await deps.effectsRecorded?.(conversationId)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : "unknown error"
    deps.warn?.(`launchdesk: effects of conversation ${conversationId} are recorded and wait for the relay job: ${reason}`)
  }
}

const unknownAttachments = () =>
  invalid("Invalid attachment_ids: each must be a file you uploaded to this conversation and not sent yet.")

export const visitorHashOf = (req: VisitorRequest) => {
  const value = req.cookies[VISITOR_COOKIE]
  return isWellFormedVisitorHash(value) ? value : null
}

/**
 * Whether the request may use the conversation, and the customer it belongs to afterwards:
 * `false` when refused, else its customer id (null: still a guest's). A conversation linked to a
 * customer needs that customer's authentication. A guest conversation is linked to the request's
 * customer only while unused (no message, upload or email): one a guest already wrote in is never
 * linked silently (a shared computer's next shopper signing in); it stays a guest's, usable by
 * the cookie, until the customer chooses (`link_offer`, `POST /session/link`). The customer id
 * comes from the lane's verified authentication, never from the request body.
 */
export async function admission(
  deps: {
    store: Pick<ConversationRepository, "linkCustomer">
    onCustomerLinked?: VisitorDeps["onCustomerLinked"]
    pollSource?: Pick<PollSource, "forgetVisitor">
  },
  req: VisitorRequest,
  conversation: Pick<ConversationRow, "conversation_id" | "customer_id">,
  visitorHash: string
): Promise<string | null | false> {
  const customerId = req.customerId ?? null
  if (conversation.customer_id) return conversation.customer_id === customerId && customerId
  if (!customerId) return null
  const link = await deps.store.linkCustomer(conversation.conversation_id, customerId, { unusedOnly: true })
  if (!link) return false
  if (link.linked) await customerLinked(deps, conversation.conversation_id, customerId, visitorHash)
  if (link.customer_id === null) return null
  return link.customer_id === customerId && customerId
}

/** `admission` as a yes or no (the stream's check). */
export async function admitVisitor(...args: Parameters<typeof admission>): Promise<boolean> {
  return (await admission(...args)) !== false
}

/** After a link: the poll cache forgets the cookie's old customer, and the event goes out. */
export async function customerLinked(
  deps: { onCustomerLinked?: VisitorDeps["onCustomerLinked"]; pollSource?: Pick<PollSource, "forgetVisitor"> },
  conversationId: number,
  customerId: string,
  visitorHash: string
) {
  deps.pollSource?.forgetVisitor?.(visitorHash)
  await deps.onCustomerLinked?.({ conversation_id: conversationId, customer_id: customerId })
}

/**
 * What `/session` and `/poll` add for a signed-in shopper whose cookie holds a guest's
 * conversation with something in it: the widget asks whether to keep it (`POST /session/link`)
 * or start a new one (`POST /session` with `new_conversation`).
 */
export const linkOffer = (req: VisitorRequest, conversation: Pick<ConversationRow, "conversation_id" | "customer_id">) =>
  req.customerId && conversation.customer_id === null ? { link_offer: { conversation_id: conversation.conversation_id } } : {}

/** `POST /session`: resumes the cookie's conversation or starts a new one. */
export async function startSession(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const refused = await limited(deps, "session", req, deps.settings.limits.session)
  if (refused) return refused
  const input = parseInput(StoreStartSession, req.body)
  if ("refusal" in input) return input.refusal

  // Another customer's conversation (a shared computer) is never resumed: a new one starts.
  // `new_conversation` leaves the cookie's conversation as it is and starts one too.
  const [found, chat, languages] = await Promise.all([
    input.data.new_conversation ? null : visitorConversation(deps, req),
    deps.chatSettings(),
    deps.storeLanguages(),
  ])
  const availability = availabilityAt(chat.business_hours, new Date())
  const locale = resolveLocale(req.locales ?? [], languages)
  let conversation = !found || "refusal" in found ? null : found.conversation
  if (!conversation) {
    const customerId = req.customerId ?? null
    conversation = await deps.store.createConversation(newVisitorHash(), input.data.page_url ?? null, customerId, !availability.online, locale)
    await deps.onConversationCreated?.({ conversation_id: conversation.conversation_id })
    if (customerId) await deps.onCustomerLinked?.({ conversation_id: conversation.conversation_id, customer_id: customerId })
  } else if (conversation.locale !== locale) {
    // The conversation follows the shopper's latest language: later texts are in it.
    await deps.store.setLocale(conversation.conversation_id, locale)
  }
  // The storefront's latest region and currency price the product cards staff send.
  const { region_id = null, currency_code = null } = input.data
  if (region_id || currency_code) await deps.store.setPricing(conversation.conversation_id, { region_id, currency_code })
  const awayMessage = availability.online ? null : chatTextFor(chat, "away_message", locale)
  // The latest page; `has_more` says older history exists (the widget shows the latest only).
  const { messages, has_more } = await deps.store.latestMessages(conversation.conversation_id, MESSAGE_PAGE_SIZE)

  return ok(
    {
      conversation_id: conversation.conversation_id,
      visitor_hash: conversation.visitor_hash,
      messages,
      has_more,
      status: conversation.status,
      locale,
      // The store's own texts in that locale, where it wrote them (the widget has its own for the rest).
      texts: sessionTextsFor(chat, locale),
      // The store's overrides of the widget's own texts, for the language the widget shows; left
      // out when there are none, so a store that set none answers the shape it always did.
      ...presentLabels(sessionLabelsFor(chat.widget_labels, req.locales ?? [], locale)),
      // The newest message the staff have read (read receipts on the shopper's messages).
      read_up_to: conversation.staff_read_up_to,
      availability,
      // Outside the hours: the store's own words, when it has some.
      ...(awayMessage ? { away_message: awayMessage } : {}),
      ...linkOffer(req, conversation),
    },
    visitorCookie(conversation.visitor_hash, deps.settings.cookie)
  )
}

/**
 * `POST /send`: stores a visitor message, marks the conversation as waiting for staff and
 * records the message's effect, in one statement: all of it is stored, or nothing (503).
 */
export async function sendMessage(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const refused = await limited(deps, "send", req, deps.settings.limits.send)
  if (refused) return refused
  const found = await visitorConversation(deps, req)
  if ("refusal" in found) return found.refusal
  const { conversation } = found

  const input = parseInput(StoreSendMessage, req.body)
  if ("refusal" in input) return input.refusal
  if (input.data.website_url?.trim()) {
    // A filled honeypot: answer like a success so the bot learns nothing, store nothing.
    return ok({ message_id: null, conversation_id: conversation.conversation_id })
  }
  const text = input.data.message.trim()
  const attachmentIds = input.data.attachment_ids
  // A message of attachments only may have no text.
  if (!text && !attachmentIds.length) {
    return invalid("Invalid message: the message is empty.")
  }
  if ([...text].length > MAX_MESSAGE_LENGTH) {
    return invalid(`Invalid message: at most ${MAX_MESSAGE_LENGTH} characters.`)
  }

  // Per conversation, whatever the IP: a cookie works from any address.
  const verdict = await deps.limiter.hit(
    "chat.conversation",
    String(conversation.conversation_id),
    deps.settings.limits.conversation
  )
  if (!verdict.allowed) return conversationBusy(verdict.retryAfterSeconds)

  const stored = await deps.store
    .insertWithinBytes(
      {
        conversation_id: conversation.conversation_id,
        sender: "visitor",
        message: text,
        page_url: input.data.page_url ?? null,
        next_status: "waiting",
        attachment_ids: attachmentIds,
        effects: [messageEffect("visitor_message")],
      },
      deps.settings.maxConversationBytes
    )
    .catch((error: unknown) => notStored(deps, error))
  if (stored === "full") return conversationFull()
  if (stored === "attachments") return unknownAttachments()
  if (!stored) return noCookie()
  if ("kind" in stored) return stored
  await afterEffectsRecorded(deps, stored.conversation_id)
  return ok({ message_id: stored.message_id, conversation_id: stored.conversation_id })
}

/** `GET /poll?since_id=N`: up to one page of messages newer than N, oldest first, and `has_more`. */
export async function pollMessages(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const hash = visitorHashOf(req)
  if (!hash) return noCookie()
  const input = parseInput(StorePollMessages, req.query)
  if ("refusal" in input) return input.refusal

  const source = deps.pollSource ?? deps.store
  const { conversation, messages, has_more } = await source.messagesForVisitor(hash, input.data.since_id)
  if (!conversation) return noCookie()
  const customerId = await admission(deps, req, conversation, hash)
  if (customerId === false) return otherCustomer()
  const seen = conversation.last_seen_at?.getTime() ?? 0
  if (Date.now() - seen > SEEN_REFRESH_SECONDS * 1000) {
    await source.touchVisitorSeen(conversation.conversation_id, SEEN_REFRESH_SECONDS)
  }
  return ok({
    messages,
    has_more,
    conversation_id: conversation.conversation_id,
    // What the push stream sends as `typing` and `read` events, for a widget that polls.
    typing: deps.signals.isTyping(conversation.conversation_id, "staff"),
    read_up_to: conversation.staff_read_up_to,
    ...linkOffer(req, { conversation_id: conversation.conversation_id, customer_id: customerId }),
  })
}

const emailClosed = () =>
  conflict("This conversation is closed: its email address can no longer be changed.")

/**
 * `POST /email`: keeps the visitor's address for offline replies. Limited per client address
 * and per conversation (a cookie works from any address); a closed conversation's address is
 * no longer changed. A new address is unconfirmed: no transcript goes to it before its owner
 * confirms it (feedback.ts).
 */
export async function saveEmail(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  // Only a save counts against the limits: a request without a cookie or with a bad address
  // changes nothing and sends nothing, so it must not use up a shopper's (or a shared IP's) allowance.
  const found = await visitorConversation(deps, req)
  if ("refusal" in found) return found.refusal
  const input = parseInput(StoreSaveEmail, req.body)
  if ("refusal" in input) return input.refusal
  const refused = await limited(deps, "email", req, deps.settings.limits.email)
  if (refused) return refused
  const verdict = await deps.limiter.hit(
    "chat.email.conversation",
    String(found.conversation.conversation_id),
    deps.settings.limits.emailPerConversation
  )
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds)
  const saved = await deps.store.saveVisitorEmail(found.hash, input.data.email)
  if (saved === "closed") return emailClosed()
  return saved ? ok({ success: true }) : noCookie()
}

/** The per-IP limit, then the cookie's conversation (403 without it); each refusal is the answer. */
export async function limitedConversation(
  deps: VisitorDeps,
  req: VisitorRequest,
  limit: { scope: string; rule: LimitRule }
): Promise<{ conversation: ConversationRow; hash: string } | { refusal: Refusal }> {
  const refused = await limited(deps, limit.scope, req, limit.rule)
  if (refused) return { refusal: refused }
  return await visitorConversation(deps, req)
}

/**
 * How a visitor operation on the cookie's conversation starts: the per-IP limit, then the
 * conversation (403 without it), then the body. Each refusal is the answer; nothing is written.
 */
export async function admitRequest<S extends z.ZodType>(
  deps: VisitorDeps,
  req: VisitorRequest,
  limit: { scope: string; rule: LimitRule },
  schema: S
): Promise<{ conversation: ConversationRow; data: z.infer<S> } | { refusal: Refusal }> {
  const found = await limitedConversation(deps, req, limit)
  if ("refusal" in found) return found
  const input = parseInput(schema, req.body)
  if ("refusal" in input) return input
  return { conversation: found.conversation, data: input.data }
}

/** The cookie's conversation for a route that needs one: 403 without a known cookie, or for another customer's. */
export async function visitorConversation(
  deps: VisitorDeps,
  req: VisitorRequest
): Promise<{ conversation: ConversationRow; hash: string } | { refusal: Refusal }> {
  const hash = visitorHashOf(req)
  const conversation = hash ? await deps.store.findConversationByVisitor(hash) : null
  if (!conversation || !hash) return { refusal: noCookie() }
  const customerId = await admission(deps, req, conversation, hash)
  if (customerId === false) return { refusal: otherCustomer() }
  return { conversation: { ...conversation, customer_id: customerId }, hash }
}

const presentLabels = (labels: Record<string, string>) => (Object.keys(labels).length ? { labels } : {})
