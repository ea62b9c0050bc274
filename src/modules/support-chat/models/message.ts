import { model } from "@medusajs/framework/utils"

export const MESSAGE_SENDERS = ["visitor", "agent", "bridge", "auto", "system"] as const
export type MessageSender = (typeof MESSAGE_SENDERS)[number]

export const Message = model
  .define("chat_message", {
    id: model.autoincrement().primaryKey(),
    conversation_id: model.number(),
    sender: model.enum([...MESSAGE_SENDERS]),
    author_name: model.text().nullable(),
    message: model.text(),
    page_url: model.text().nullable(),
    // Id of the message on the team-chat platform, so a retried delivery is stored once.
    external_id: model.text().nullable(),
    // Set when the message carries attachments, so reads look them up only then.
    has_attachments: model.boolean().default(false),
    // Product cards as they were when sent (CONTRACT §11): title, picture, link and price kept, so
    // a later edit of the product never changes what the shopper was shown; null without cards.
    cards: model.json().nullable(),
  })
  .indexes([
    { on: ["conversation_id", "id"], where: null },
    { on: ["conversation_id", "external_id"], unique: true, where: "external_id IS NOT NULL" },
  ])
