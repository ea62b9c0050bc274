import { z } from "@medusajs/framework/zod"
import { CONVERSATION_STATUSES } from "../../../../modules/support-chat/models/conversation"
import { decodeInboxCursor } from "../../../../modules/support-chat/sql/inbox-cursor"
import { int4Id, integer, localeTag, MAX_STRING_ID_LENGTH, safeText, sinceId, stringId, translations } from "../../../../shared/input-schema"
import { attachmentIds } from "../../../../chat/attachments/validators"
import { productCardRequests } from "../../../../chat/product-cards/validators"

export const MAX_PER_PAGE = 100

const pagination = {
  // Larger pages are clamped, not refused (CONTRACT §2).
  per_page: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((perPage) => Math.min(perPage, MAX_PER_PAGE)),
  page: integer({ min: 1, max: 1_000_000 }).default(1),
}

/** The list filter's one value for unassigned conversations (see `InboxFilters.assigned_to`). */
const UNASSIGNED = "none"
const UNASSIGNED_SPELLINGS = new Set([UNASSIGNED, "0", ""])

/** A staff label (CONTRACT §11): 1 to 32 characters once trimmed. */
function staffLabel() {
  return safeText()
    .trim()
    .refine((label) => label.length > 0, "is empty")
    .refine((label) => [...label].length <= MAX_LABEL_LENGTH, `at most ${MAX_LABEL_LENGTH} characters`)
}
export const MAX_LABEL_LENGTH = 32
export const MAX_LABELS = 10

export const AdminListConversations = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  search: safeText({ max: 200 }).optional(),
  /** A user id, or unassigned spelled `none`, `0` or empty (the chat seed's spelling, as for assign). */
  assigned_to: z
    .union([z.literal(""), stringId()])
    .transform((value) => (UNASSIGNED_SPELLINGS.has(value) ? UNASSIGNED : value))
    .optional(),
  customer_id: stringId().optional(),
  /** `true`: only conversations linked to a customer. */
  customers_only: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
  /** Conversations in this locale (exact tag, canonical: `de-at` lists `de-AT`'s). */
  locale: localeTag().optional(),
  /** Conversations staff gave this label (exact, as stored). */
  label: staffLabel().optional(),
  ...pagination,
  /** A `next_cursor` from an earlier answer: the page after it (keyset), instead of `page`. */
  cursor: safeText({ max: 200 })
    .transform((cursor, ctx) => {
      const position = decodeInboxCursor(cursor)
      if (!position) {
        ctx.addIssue({ code: "custom", message: "is not a cursor this list handed out" })
        return z.NEVER
      }
      return position
    })
    .optional(),
})
export type AdminListConversationsType = z.infer<typeof AdminListConversations>

export const AdminGetConversation = z.object({
  since_id: sinceId(),
})
export type AdminGetConversationType = z.infer<typeof AdminGetConversation>

const messageText = safeText()
  .trim()
  .refine((text) => [...text].length <= 5000, "at most 5000 characters")

export const AdminReply = z
  .object({
    conversation_id: int4Id(),
    // A canned variable left unfilled is refused by the workflow (validate-reply-variables), which
    // knows the conversation's customer: braces in their own name are not a variable.
    message: messageText,
    attachment_ids: attachmentIds(),
    /** Product cards (CONTRACT §11): each product must exist; priced for the conversation. */
    cards: productCardRequests(),
  })
  .strict()
  // Empty text is a message only when it carries files or cards.
  .refine((reply) => reply.message.length > 0 || reply.attachment_ids.length > 0 || reply.cards.length > 0, {
    message: "the message is empty",
    path: ["message"],
  })
export type AdminReplyType = z.infer<typeof AdminReply>

export const AdminUploadAttachment = z.object({ conversation_id: int4Id() })
export type AdminUploadAttachmentType = z.infer<typeof AdminUploadAttachment>

export const AdminRenderCanned = z
  .object({
    conversation_id: int4Id(),
    order_id: stringId().optional(),
  })
  .strict()
export type AdminRenderCannedType = z.infer<typeof AdminRenderCanned>

/** `0`, `""`, `"0"` and `null` unassign. */
/** `POST /conversation/:id/labels`: replaces the labels; a label given twice is kept once. */
export const AdminSetLabels = z
  .object({ labels: z.array(staffLabel()).max(MAX_LABELS, `at most ${MAX_LABELS} labels`) })
  .strict()
  .transform(({ labels }) => ({ labels: [...new Set(labels)] }))
export type AdminSetLabelsType = z.infer<typeof AdminSetLabels>

/** `POST /conversation/:id/notes`: an internal note, plain text. */
export const AdminAddNote = z
  .object({
    text: safeText()
      .trim()
      .refine((text) => text.length > 0, "the note is empty")
      .refine((text) => [...text].length <= 5000, "at most 5000 characters"),
  })
  .strict()
export type AdminAddNoteType = z.infer<typeof AdminAddNote>

export const AdminAssign = z
  .object({
    assigned_to: z
      .union([safeText({ max: MAX_STRING_ID_LENGTH }).trim(), z.literal(0), z.null()])
      .transform((value) => (value === 0 || value === "" || value === "0" || value === null ? null : value)),
  })
  .strict()
export type AdminAssignType = z.infer<typeof AdminAssign>

/** `POST /canned/:id/apply`: the conversation the canned response was sent in. */
export const AdminApplyCanned = z.object({ conversation_id: int4Id() }).strict()
export type AdminApplyCannedType = z.infer<typeof AdminApplyCanned>

export const AdminListCanned = z.object({
  search: safeText({ max: 200 }).optional(),
  category: safeText({ max: 100 }).optional(),
  ...pagination,
})
export type AdminListCannedType = z.infer<typeof AdminListCanned>

// Blank clears the category; leaving it out keeps it (on update).
const category = safeText()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null))

const cannedQuestion = safeText().trim().min(1).max(1000)
const cannedResponse = safeText().trim().min(1).max(5000)

/** `{ "<tag>": { question?, response } }`: keys stored canonical; null (on update) removes every variant. */
const cannedTranslations = translations(z.object({ question: cannedQuestion.optional(), response: cannedResponse }).strict())
  .nullish()
  .transform((value) => (value === null ? {} : value))

/**
 * What sending the canned response also does: labels to add (at most 10), `assign_to_me`,
 * `close`. Stored without what is off; nothing left (or null, on update) clears them.
 */
const cannedActions = z
  .object({
    labels: z.array(staffLabel()).max(MAX_LABELS, `at most ${MAX_LABELS} labels`).optional(),
    assign_to_me: z.boolean().optional(),
    close: z.boolean().optional(),
  })
  .strict()
  .nullish()
  .transform((actions) => {
    if (actions === undefined) return undefined
    const labels = [...new Set(actions?.labels ?? [])]
    const kept = {
      ...(labels.length ? { labels } : {}),
      ...(actions?.assign_to_me ? { assign_to_me: true as const } : {}),
      ...(actions?.close ? { close: true as const } : {}),
    }
    return Object.keys(kept).length ? kept : null
  })

export const AdminCreateCannedResponse = z
  .object({
    question: cannedQuestion,
    response: cannedResponse,
    category,
    translations: cannedTranslations,
    actions: cannedActions,
    source_message_id: int4Id().nullish(),
  })
  .strict()
export type AdminCreateCannedResponseType = z.infer<typeof AdminCreateCannedResponse>

export const AdminUpdateCannedResponse = z
  .object({
    question: cannedQuestion.optional(),
    response: cannedResponse.optional(),
    category,
    translations: cannedTranslations,
    actions: cannedActions,
  })
  .strict()
export type AdminUpdateCannedResponseType = z.infer<typeof AdminUpdateCannedResponse>

// Typing and read notices take the same body from either side.
export {
  StoreTyping as AdminTyping,
  type StoreTypingType as AdminTypingType,
  StoreMarkRead as AdminMarkRead,
  type StoreMarkReadType as AdminMarkReadType,
} from "../../../../chat/visitor/validators"

/** Weeks the ratings summary covers, the current one included. */
const DEFAULT_RATING_WEEKS = 12
const MAX_RATING_WEEKS = 52

export const AdminRatingsSummary = z.object({
  weeks: integer({ min: 1, max: MAX_RATING_WEEKS }).default(DEFAULT_RATING_WEEKS),
})
export type AdminRatingsSummaryType = z.infer<typeof AdminRatingsSummary>

/** An ISO 8601 date or date-time (`2026-11-01`, `2026-11-01T09:00:00Z`): a bound of a report's range. */
const rangeBound = () =>
  safeText({ max: 40 })
    .refine((text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)), "is not an ISO 8601 date")
    .transform((text) => new Date(text))

const REPORT_DAYS_BY_DEFAULT = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** `from` and `to` of the reports and the export: conversations started in [from, to); the last 30 days by default. */
export const AdminReportRangeQuery = z.object({ from: rangeBound().optional(), to: rangeBound().optional() }).strict()
export const AdminReportRange = AdminReportRangeQuery.transform(({ from, to }) => {
    const end = to ?? new Date()
    return { from: from ?? new Date(end.getTime() - REPORT_DAYS_BY_DEFAULT * DAY_MS), to: end }
  })
  .refine(({ from, to }) => from < to, { message: "from must come before to", path: ["from"] })
export type AdminReportRangeType = z.infer<typeof AdminReportRange>

/** `POST /conversation/:id/discount`: a single-use code for the conversation's shopper (CONTRACT §11). */
export const AdminCreateDiscount = z
  .object({
    type: z.enum(["percentage", "fixed"]),
    value: z.number().positive().max(1_000_000),
    /** The currency of a fixed amount (ISO 4217, three letters). */
    currency_code: z
      .string()
      .regex(/^[a-zA-Z]{3}$/, "is not an ISO 4217 currency code")
      .transform((code) => code.toLowerCase())
      .optional(),
    expires_in_days: integer({ min: 1, max: 365, text: false }).optional(),
    product_ids: z.array(stringId()).min(1).max(50).optional(),
  })
  .strict()
  .superRefine((discount, ctx) => {
    if (discount.type === "percentage" && discount.value > 100) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "a percentage is at most 100" })
    }
    if (discount.type === "fixed" && !discount.currency_code) {
      ctx.addIssue({ code: "custom", path: ["currency_code"], message: "a fixed amount needs its currency" })
    }
    if (discount.type === "percentage" && discount.currency_code) {
      ctx.addIssue({ code: "custom", path: ["currency_code"], message: "a percentage has no currency" })
    }
  })
export type AdminCreateDiscountType = z.infer<typeof AdminCreateDiscount>

/** The longest note a refund carries into the event line and Medusa's refund record. */
export const MAX_REFUND_NOTE_LENGTH = 500

/** `POST /conversation/:id/orders/:order_id/cancel`: no fields. */
export const AdminCancelOrder = z.object({}).strict()
export type AdminCancelOrderType = z.infer<typeof AdminCancelOrder>

/** `POST /conversation/:id/orders/:order_id/refund`: an amount in the order currency's main unit, and an optional note. */
export const AdminRefundOrder = z
  .object({
    amount: z.number().positive().max(1_000_000_000),
    note: safeText()
      .trim()
      .refine((note) => [...note].length <= MAX_REFUND_NOTE_LENGTH, `at most ${MAX_REFUND_NOTE_LENGTH} characters`)
      .transform((note) => note || undefined)
      .optional(),
  })
  .strict()
export type AdminRefundOrderType = z.infer<typeof AdminRefundOrder>
