import { z } from "@medusajs/framework/zod"
import { int4Id } from "../../shared/input-schema"
import { MAX_ATTACHMENTS_PER_MESSAGE } from "../../modules/support-chat/sql/attachment-repository"

/** `attachment_ids` of `/send` and `/admin/app/v1/reply`: uploaded files to send with the message. */
export const attachmentIds = () =>
  z
    .array(int4Id())
    .max(MAX_ATTACHMENTS_PER_MESSAGE, `at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments per message`)
    .refine((ids) => new Set(ids).size === ids.length, "an attachment may be sent once per message")
    .default([])
