import { model } from "@medusajs/framework/utils"

export const ATTACHMENT_UPLOADERS = ["visitor", "agent"] as const
export type AttachmentUploader = (typeof ATTACHMENT_UPLOADERS)[number]

/** A file sent in a conversation; the bytes live in Medusa's File module under `file_id`. */
export const Attachment = model
  .define("chat_attachment", {
    id: model.autoincrement().primaryKey(),
    conversation_id: model.number(),
    // Null until the uploader sends a message with it; then it is never moved again.
    message_id: model.number().nullable(),
    uploader: model.enum([...ATTACHMENT_UPLOADERS]),
    name: model.text(),
    // Sniffed from the bytes at upload, never taken from the client.
    mime: model.text(),
    size: model.number(),
    file_id: model.text(),
  })
  .indexes([
    { on: ["conversation_id", "id"], where: null },
    { on: ["message_id"], where: "message_id IS NOT NULL" },
  ])
