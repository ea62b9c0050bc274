import { model } from "@medusajs/framework/utils"

export const RATING_SCORES = [1, 2, 3, 4, 5] as const

/** A shopper's rating of one close of a conversation; a reopened and closed again conversation may be rated again. */
export const Rating = model
  .define("chat_rating", {
    id: model.autoincrement().primaryKey(),
    conversation_id: model.number(),
    // The close rated (the conversation's `closed_at` then): unique with the conversation.
    closed_at: model.dateTime(),
    score: model.number(),
    // Plain text, shown as text.
    comment: model.text().nullable(),
  })
  .indexes([{ on: ["conversation_id", "closed_at"], unique: true, where: null }, { on: ["created_at"] }])
