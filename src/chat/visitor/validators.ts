import { z } from "@medusajs/framework/zod"
import { int4Id, safeText, sinceId, stringId } from "../../shared/input-schema"
import { attachmentIds } from "../attachments/validators"

export const MAX_MESSAGE_LENGTH = 5000
export const MAX_EMAIL_LENGTH = 254
const MAX_URL_LENGTH = 2048

const pageUrl = safeText({ max: MAX_URL_LENGTH }).nullish()

export const StoreStartSession = z
  .object({
    page_url: pageUrl,
    // A signed-in shopper declining the guest conversation the cookie holds: start a new one.
    new_conversation: z.boolean().optional(),
    // The storefront's region and currency: product cards in staff replies are priced for them.
    region_id: stringId().optional(),
    currency_code: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code")
      .transform((code) => code.toLowerCase())
      .optional(),
  })
  .strict()
export type StoreStartSessionType = z.infer<typeof StoreStartSession>

// The conversation the widget offered to keep (`link_offer`): it must still be the cookie's.
export const StoreLinkSession = z.object({ conversation_id: int4Id() }).strict()
export type StoreLinkSessionType = z.infer<typeof StoreLinkSession>

export const StoreSendMessage = z
  .object({
    message: safeText({ error: "message is required" }),
    page_url: pageUrl,
    // Honeypot: hidden in the widget, so only bots fill it.
    website_url: safeText({ max: MAX_URL_LENGTH }).nullish(),
    // With attachments the message may be empty.
    attachment_ids: attachmentIds(),
  })
  .strict()
export type StoreSendMessageType = z.infer<typeof StoreSendMessage>

export const StorePollMessages = z.object({
  since_id: sinceId(),
})
export type StorePollMessagesType = z.infer<typeof StorePollMessages>

export const StoreSaveEmail = z
  .object({
    email: safeText().trim().max(MAX_EMAIL_LENGTH).email(),
  })
  .strict()
export type StoreSaveEmailType = z.infer<typeof StoreSaveEmail>

export const MAX_QUESTION_LENGTH = 2000

export const StoreAutoReply = z
  .object({
    question: safeText({ error: "question is required" })
      .trim()
      .min(1, "the question is empty")
      .refine((text) => [...text].length <= MAX_QUESTION_LENGTH, `at most ${MAX_QUESTION_LENGTH} characters`),
  })
  .strict()
export type StoreAutoReplyType = z.infer<typeof StoreAutoReply>

export const StoreTyping = z.object({ typing: z.boolean().default(true) }).strict()
export type StoreTypingType = z.infer<typeof StoreTyping>

export const StoreMarkRead = z.object({ message_id: int4Id() }).strict()
export type StoreMarkReadType = z.infer<typeof StoreMarkRead>

const MAX_RATING_COMMENT_LENGTH = 1000

export const StoreRateConversation = z
  .object({
    score: z.number({ error: "score must be a whole number from 1 to 5" }).int("score must be a whole number from 1 to 5").min(1, "score must be at least 1").max(5, "score must be at most 5"),
    comment: safeText()
      .trim()
      .refine((text) => [...text].length <= MAX_RATING_COMMENT_LENGTH, `at most ${MAX_RATING_COMMENT_LENGTH} characters`)
      .nullish(),
  })
  .strict()
export type StoreRateConversationType = z.infer<typeof StoreRateConversation>

// Nothing to say: the conversation comes from the cookie, the address from `/email`.
export const StoreRequestTranscript = z.object({}).strict()
export type StoreRequestTranscriptType = z.infer<typeof StoreRequestTranscript>
