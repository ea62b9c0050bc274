import { model } from "@medusajs/framework/utils"

/**
 * A staff member's internal note on a conversation (CONTRACT §11). Kept apart from the
 * messages, so no path that reads messages (poll, stream, session, emails, transcript, the
 * team-chat thread) can ever hand one to the shopper.
 */
export const Note = model
  .define("chat_note", {
    id: model.autoincrement().primaryKey(),
    conversation_id: model.number(),
    // The Medusa user who wrote it (null for an API key), and the name shown beside it then.
    author_id: model.text().nullable(),
    author_name: model.text(),
    // `event`: a line the plugin wrote when staff acted from the pane (an order canceled or
    // refunded, a discount sent); `note`: what staff wrote.
    kind: model.enum(["note", "event"]).default("note"),
    // Plain text, shown as text (an event line's English wording).
    text: model.text(),
    // What an event line records (`AdminNoteEvent`); null for a note.
    data: model.json().nullable(),
  })
  .indexes([{ on: ["conversation_id", "id"] }])
