import { backoffSeconds, storedError } from "../../../shared/lease/retry-policy"
import type { ClaimedOutboxItem, OutboxRepository } from "./outbox-repository"

/** How a relay runs the items of one outbox topic. */
export type OutboxTopicHandler<Payload> = {
  topic: string
  /**
   * Runs one claimed item; throws to have it retried. Answers `{ setAside }` with the reason
   * when there is nothing to run it for (it is set aside, never retried).
   */
  run: (item: ClaimedOutboxItem<Payload>) => Promise<{ setAside: string } | void>
  /** The item as the warning of a failed run names it ("the event of signup cssu_…"). */
  describe: (payload: Payload) => string
  leaseSeconds: number
  batchSize: number
  /** Bounds one pass, so a job run always ends. */
  maxRounds: number
}

/** Runs one claimed item and records its outcome; true when it ran. */
async function runClaimed<Payload>(
  outbox: OutboxRepository,
  handler: OutboxTopicHandler<Payload>,
  warn: (message: string) => void,
  item: ClaimedOutboxItem<Payload>
): Promise<boolean> {
  try {
    const outcome = await handler.run(item)
    if (outcome) {
      await outbox.markFailed(item, outcome.setAside)
      return false
    }
    await outbox.markDone(item)
    return true
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error"
    const outcome = await outbox.markForRetry(item, reason, backoffSeconds(item.attempts))
    warn(
      `launchdesk: ${handler.describe(item.payload)} failed` +
        (outcome === "dead" ? ` ${item.attempts} times and is set aside (retry it in the admin)` : "") +
        `: ${storedError(reason)}`
    )
    return false
  }
}

/**
 * Runs a topic's due items through `handler`, at least once each; a failing one is retried
 * with backoff, and set aside as `dead` after its last attempt. Safe in every process at once:
 * each item is claimed by one caller. `groupKey`: only that group's items (the request that
 * recorded one, right after its commit). Returns how many ran.
 */
export async function relayOutboxTopic<Payload>(
  outbox: OutboxRepository,
  handler: OutboxTopicHandler<Payload>,
  warn: (message: string) => void,
  groupKey?: string
): Promise<number> {
  let relayed = 0
  for (let round = 0; round < handler.maxRounds; round++) {
    const claimed = await outbox.claimDue<Payload>(handler.topic, { limit: handler.batchSize, leaseSeconds: handler.leaseSeconds, groupKey })
    if (!claimed.length) break
    for (const item of claimed) {
      if (await runClaimed(outbox, handler, warn, item)) relayed++
    }
  }
  return relayed
}

/**
 * `drainOnce` run one at a time: a drain asked for while one runs makes it go round once more
 * (what was recorded meanwhile is picked up) instead of starting a second beside it.
 */
export function coalescedDrain(drainOnce: () => Promise<number>): () => Promise<number> {
  let draining = false
  let drainAgain = false
  return async () => {
    if (draining) {
      drainAgain = true
      return 0
    }
    draining = true
    let relayed = 0
    try {
      do {
        drainAgain = false
        relayed += await drainOnce()
      } while (drainAgain)
    } finally {
      draining = false
    }
    return relayed
  }
}
