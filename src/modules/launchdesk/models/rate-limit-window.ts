import { model } from "@medusajs/framework/utils"

/** One counter per limiter key and fixed window, shared by every server process. */
export const RateLimitWindow = model
  .define("launchdesk_rate_limit_window", {
    // `<scope>:<sha256 of the client key>:<window start in epoch seconds>`
    id: model.text().primaryKey(),
    hits: model.number().default(0),
    expires_at: model.dateTime(),
  })
  .indexes([{ on: ["expires_at"], where: null }])
