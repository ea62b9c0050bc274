import { z } from "@medusajs/framework/zod"
import { safeText } from "../../../../../shared/input-schema"

const MAX_MESSAGE_LENGTH = 5000
const requiredText = (field: string, max: number) =>
  safeText({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .refine((text) => [...text].length <= max, `at most ${max} characters`)

/** `POST /hooks/app/v1/bridge/incoming`: a reply written in a conversation's team-chat thread. */
export const HookBridgeIncoming = z
  .object({
    thread_id: requiredText("thread_id", 100),
    author_name: requiredText("author_name", 200),
    message: requiredText("message", MAX_MESSAGE_LENGTH),
    // The platform's message id (Slack `ts`, Discord message id): makes a redelivery idempotent.
    platform_message_id: requiredText("platform_message_id", 100).nullish(),
  })
  .strict()
export type HookBridgeIncomingType = z.infer<typeof HookBridgeIncoming>
