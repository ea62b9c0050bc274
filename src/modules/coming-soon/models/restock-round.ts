import { model } from "@medusajs/framework/utils"

/**
 * A variant's current restock under first come, first served (`backInStock.firstComeFirstServed`):
 * how many of its subscribers were granted an email since it was last seen sold out. A
 * restock check grants emails only up to the units that came back; seeing the variant sold out
 * again starts a new round.
 */
export const RestockRound = model.define("cs_restock_round", {
  variant_id: model.text().primaryKey(),
  // Emails granted this round (a failed send or an unused grant gives its unit back).
  granted: model.number().default(0),
  // The size of the latest grant: one statement both grants and answers how many.
  last_grant: model.number().default(0),
  sold_out_at: model.dateTime().nullable(),
})
