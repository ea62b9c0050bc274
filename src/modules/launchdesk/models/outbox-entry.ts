import { model } from "@medusajs/framework/utils"

// `failed`: can never be delivered (its record is gone); `dead`: kept failing until its last
// attempt, shown in the admin for a retry.
export const OUTBOX_STATUSES = ["pending", "done", "failed", "dead"] as const

/** A pending call to the outside world (a bridge post, a list sync), delivered by a job. */
export const OutboxEntry = model
  .define("launchdesk_outbox", {
    // A sequence: entries of one group go out in this (enqueue) order.
    id: model.autoincrement().primaryKey(),
    topic: model.text(),
    dedupe_key: model.text(),
    // Entries of one group (e.g. one conversation) go out one at a time, oldest first.
    group_key: model.text().nullable(),
    payload: model.json(),
    status: model.enum([...OUTBOX_STATUSES]).default("pending"),
    // Claims so far; also the token a claimer presents when it reports the outcome.
    attempts: model.number().default(0),
    // Due time while pending; a claim moves it past the lease.
    next_attempt_at: model.dateTime(),
    // Without credentials: only the platform's error code or the HTTP status.
    last_error: model.text().nullable(),
  })
  .indexes([
    { on: ["dedupe_key"], unique: true, where: null },
    { on: ["topic", "next_attempt_at"], where: "status = 'pending'" },
    { on: ["group_key", "id"], where: "status = 'pending'" },
  ])
