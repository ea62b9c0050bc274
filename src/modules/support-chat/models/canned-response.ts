import { model } from "@medusajs/framework/utils"

export const CannedResponse = model
  .define("chat_canned_response", {
    id: model.autoincrement().primaryKey(),
    question: model.text(),
    response: model.text(),
    category: model.text().nullable(),
    // Per-locale variants, `{ "<tag>": { question?, response } }` (CONTRACT §9); null: none.
    translations: model.json().nullable(),
    source_message_id: model.number().nullable(),
    // What sending it also does (a macro): `{ labels?, assign_to_me?, close? }`; null: nothing.
    actions: model.json().nullable(),
  })
  .indexes([{ on: ["category"] }])
