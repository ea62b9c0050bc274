import type { z } from "@medusajs/framework/zod"
import type { Limiter, LimitRule } from "../../shared/limiter"
import type { ChatSqlStore } from "../../modules/support-chat/chat-sql-store"
import type { DailyQuota } from "../../shared/daily-quota"
import type { ChatSettings } from "../settings"
import { errorResponse, ok, type VisitorRequest, type VisitorResponse } from "./http"
import { isWellFormedVisitorHash, newVisitorHash, visitorCookieHeader, VISITOR_COOKIE } from "./cookie"
import type { VisitorSettings } from "./options"
import {
  MAX_MESSAGE_LENGTH,
  StorePollMessages,
  StoreSaveEmail,
  StoreSendMessage,
  StoreStartSession,
} from "./validators"

/** The two statements a poll runs; a cache (src/chat/push/poll-cache.ts) may answer them from memory. */
export type PollSource = Pick<ChatSqlStore, "messagesForVisitor" | "touchVisitorSeen">

/** What a visitor operation needs; the Medusa routes and the fast lane each provide it. */
export type VisitorDeps = {
  store: ChatSqlStore
  /** Answers polls; `store` when absent. */
  pollSource?: PollSource
  limiter: Limiter
  settings: VisitorSettings
  /** Called after a visitor message is stored (events, bridge); never delays the answer's correctness. */
  onVisitorMessage?: (event: { conversation_id: number; message_id: number }) => Promise<void>
  onConversationCreated?: (event: { conversation_id: number }) => Promise<void>
  /** The chat's effective settings (model endpoint, daily cap), read when an auto-reply is asked for. */
  chatSettings: () => Promise<ChatSettings>
  /** The store-wide daily cap of auto-replies. */
  dailyQuota: DailyQuota
  /** Called after an auto-reply is stored. */
  onAutoReply?: (event: { conversation_id: number; message_id: number }) => Promise<void>
  /** Operational warnings (a failing model endpoint); never given a secret. */
  warn?: (message: string) => void
}

const SESSION_HISTORY = 200
// How stale `last_seen_at` may get before a poll refreshes it (offline email needs minutes).
export const SEEN_REFRESH_SECONDS = 20

export const noCookie = () =>
  errorResponse(403, "not_allowed", "Start a chat session first: the app_visitor_hash cookie is missing or unknown.")

export const tooMany = (retryAfterSeconds: number) =>
  errorResponse(429, "too_many_requests", "Too many requests, please wait a moment and try again.", {
    "Retry-After": String(retryAfterSeconds),
    // A storefront on another origin may only read the wait time when CORS exposes it.
    "Access-Control-Expose-Headers": "Retry-After",
  })

export function parse<S extends z.ZodType>(schema: S, input: unknown): { data: z.infer<S> } | { error: VisitorResponse } {
  const result = schema.safeParse(input ?? {})
  if (result.success) {
    return { data: result.data }
  }
  const issue = result.error.issues[0]
  const field = issue.path.join(".")
  const message =
    issue.code === "unrecognized_keys"
      ? `Unknown field(s): ${issue.keys.join(", ")}`
      : `Invalid ${field || "request"}: ${issue.message}`
  return { error: errorResponse(400, "invalid_data", message) }
}

export async function limited(deps: VisitorDeps, scope: string, req: VisitorRequest, rule: LimitRule) {
  const verdict = await deps.limiter.hit(`chat.${scope}`, req.ip, rule)
  return verdict.allowed ? null : tooMany(verdict.retryAfterSeconds)
}

export const visitorHashOf = (req: VisitorRequest) => {
  const value = req.cookies[VISITOR_COOKIE]
  return isWellFormedVisitorHash(value) ? value : null
}

/** `POST /session`: resumes the cookie's conversation or starts a new one. */
export async function startSession(deps: VisitorDeps, req: VisitorRequest): Promise<VisitorResponse> {
  const refused = await limited(deps, "session", req, deps.settings.limits.session)
  if (refused) return refused
  const input = parse(StoreStartSession, req.body)
  if ("error" in input) return input.error

  const existingHash = visitorHashOf(req)
  let conversation = existingHash ? await deps.store.findConversationByVisitor(existingHash) : null
  if (!conversation) {
    conversation = await deps.store.createConversation(newVisitorHash(), input.data.page_url ?? null)
    await deps.onConversationCreated?.({ conversation_id: conversation.conversation_id })
  }
  const messages = await deps.store.latestMessages(conversation.conversation_id, SESSION_HISTORY)

  return ok(
    {
      conversation_id: conversation.conversation_id,
      visitor_hash: conversation.visitor_hash,
      messages,
      status: conversation.status,
    },
    { "Set-Cookie": visitorCookieHeader(conversation.visitor_hash, deps.settings.cookie) }
  )
}

/** `POST /send`: stores a visitor message and marks the conversation as waiting for staff. */
export async function sendMessage(deps: VisitorDeps, req: VisitorRequest): Promise<VisitorResponse> {
  const refused = await limited(deps, "send", req, deps.settings.limits.send)
  if (refused) return refused
  const hash = visitorHashOf(req)
  const conversation = hash ? await deps.store.findConversationByVisitor(hash) : null
  if (!conversation) return noCookie()

  const input = parse(StoreSendMessage, req.body)
  if ("error" in input) return input.error
  if (input.data.website_url?.trim()) {
    // A filled honeypot: answer like a success so the bot learns nothing, store nothing.
    return ok({ message_id: null, conversation_id: conversation.conversation_id })
  }
  const text = input.data.message.trim()
  if (!text) {
    return errorResponse(400, "invalid_data", "Invalid message: the message is empty.")
  }
  if ([...text].length > MAX_MESSAGE_LENGTH) {
    return errorResponse(400, "invalid_data", `Invalid message: at most ${MAX_MESSAGE_LENGTH} characters.`)
  }

  const stored = await deps.store.insertMessage({
    conversation_id: conversation.conversation_id,
    sender: "visitor",
    message: text,
    page_url: input.data.page_url ?? null,
    next_status: "waiting",
  })
  if (!stored) return noCookie()
  await deps.onVisitorMessage?.({ conversation_id: stored.conversation_id, message_id: stored.message_id })
  return ok({ message_id: stored.message_id, conversation_id: stored.conversation_id })
}

/** `GET /poll?since_id=N`: messages newer than N, oldest first. */
export async function pollMessages(deps: VisitorDeps, req: VisitorRequest): Promise<VisitorResponse> {
  const hash = visitorHashOf(req)
  if (!hash) return noCookie()
  const input = parse(StorePollMessages, req.query)
  if ("error" in input) return input.error

  const source = deps.pollSource ?? deps.store
  const { conversation, messages } = await source.messagesForVisitor(hash, input.data.since_id)
  if (!conversation) return noCookie()
  const seen = conversation.last_seen_at?.getTime() ?? 0
  if (Date.now() - seen > SEEN_REFRESH_SECONDS * 1000) {
    await source.touchVisitorSeen(conversation.conversation_id, SEEN_REFRESH_SECONDS)
  }
  return ok({ messages, conversation_id: conversation.conversation_id })
}

/** `POST /email`: keeps the visitor's address for offline replies. */
export async function saveEmail(deps: VisitorDeps, req: VisitorRequest): Promise<VisitorResponse> {
  const hash = visitorHashOf(req)
  if (!hash) return noCookie()
  const input = parse(StoreSaveEmail, req.body)
  if ("error" in input) return input.error
  const saved = await deps.store.saveVisitorEmail(hash, input.data.email)
  return saved ? ok({ success: true }) : noCookie()
}
