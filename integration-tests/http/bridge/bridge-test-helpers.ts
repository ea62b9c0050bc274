import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

export type OutboxRow = {
  id: number
  status: "pending" | "done" | "failed"
  attempts: number
  last_error: string | null
  /** Seconds from now until the next attempt (negative when due). */
  due_in_seconds: number
  payload: { conversation_id: number; message_id: number; progress?: Record<string, unknown> }
}

const knex = (container: MedusaContainer) => container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

/** Polls `read` until `done` holds or ten seconds pass; returns the last value either way. */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function outboxRows(container: MedusaContainer): Promise<OutboxRow[]> {
  const result = await knex(container).raw(
    `SELECT id, status, attempts, last_error, payload,
       EXTRACT(EPOCH FROM next_attempt_at - now())::float AS due_in_seconds FROM launchdesk_outbox WHERE topic = 'chat.bridge.post' ORDER BY id`
  )
  return result.rows
}

/** Moves every pending retry to now, as if its backoff had passed. */
export async function makeRetriesDue(container: MedusaContainer): Promise<void> {
  await knex(container).raw(`UPDATE launchdesk_outbox SET next_attempt_at = now() WHERE status = 'pending'`)
}

export async function conversationThread(container: MedusaContainer, conversationId: number): Promise<string | null> {
  const result = await knex(container).raw(`SELECT bridge_thread_id FROM chat_conversation WHERE id = ?`, [
    conversationId,
  ])
  return result.rows[0]?.bridge_thread_id ?? null
}

/** Every pending row has been tried at least once (the background attempt is over). */
export const triedOnce = (rows: OutboxRow[]) => rows.length > 0 && rows.every((row) => row.status !== "pending" || row.last_error)
