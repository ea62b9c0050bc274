import { z } from "@medusajs/framework/zod"
import { CONVERSATION_STATUSES } from "../../../../modules/support-chat/models/conversation"

export const MAX_PER_PAGE = 100

const pagination = {
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((perPage) => Math.min(perPage, MAX_PER_PAGE)),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
}

export const AdminListConversations = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  search: z.string().max(200).optional(),
  assigned_to: z.string().min(1).max(100).optional(),
  ...pagination,
})
export type AdminListConversationsType = z.infer<typeof AdminListConversations>

export const AdminGetConversation = z.object({
  since_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
})
export type AdminGetConversationType = z.infer<typeof AdminGetConversation>

const messageText = z
  .string()
  .trim()
  .min(1, "the message is empty")
  .refine((text) => [...text].length <= 5000, "at most 5000 characters")

export const AdminReply = z
  .object({
    conversation_id: z.coerce.number().int().min(1).max(2147483647),
    message: messageText,
  })
  .strict()
export type AdminReplyType = z.infer<typeof AdminReply>

/** `0`, `""`, `"0"` and `null` unassign. */
export const AdminAssign = z
  .object({
    assigned_to: z
      .union([z.string().trim().max(100), z.literal(0), z.null()])
      .transform((value) => (value === 0 || value === "" || value === "0" || value === null ? null : value)),
  })
  .strict()
export type AdminAssignType = z.infer<typeof AdminAssign>

export const AdminListCanned = z.object({
  search: z.string().max(200).optional(),
  category: z.string().max(100).optional(),
  ...pagination,
})
export type AdminListCannedType = z.infer<typeof AdminListCanned>

// Blank clears the category; leaving it out keeps it (on update).
const category = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null))

export const AdminCreateCannedResponse = z
  .object({
    question: z.string().trim().min(1).max(1000),
    response: z.string().trim().min(1).max(5000),
    category,
    source_message_id: z.number().int().min(1).max(2147483647).nullish(),
  })
  .strict()
export type AdminCreateCannedResponseType = z.infer<typeof AdminCreateCannedResponse>

export const AdminUpdateCannedResponse = z
  .object({
    question: z.string().trim().min(1).max(1000).optional(),
    response: z.string().trim().min(1).max(5000).optional(),
    category,
  })
  .strict()
export type AdminUpdateCannedResponseType = z.infer<typeof AdminUpdateCannedResponse>
