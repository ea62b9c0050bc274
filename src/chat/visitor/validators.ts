import { z } from "@medusajs/framework/zod"
import { safeText, sinceId } from "../../shared/input-schema"

export const MAX_MESSAGE_LENGTH = 5000
export const MAX_EMAIL_LENGTH = 254
const MAX_URL_LENGTH = 2048

const pageUrl = safeText({ max: MAX_URL_LENGTH }).nullish()

export const StoreStartSession = z.object({ page_url: pageUrl }).strict()
export type StoreStartSessionType = z.infer<typeof StoreStartSession>

export const StoreSendMessage = z
  .object({
    message: safeText({ error: "message is required" }),
    page_url: pageUrl,
    // Honeypot: hidden in the widget, so only bots fill it.
    website_url: safeText({ max: MAX_URL_LENGTH }).nullish(),
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
