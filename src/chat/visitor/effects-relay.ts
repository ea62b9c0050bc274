import type { OutboxRepository } from "../../modules/launchdesk/sql/outbox-repository"
import { coalescedDrain } from "../../modules/launchdesk/sql/outbox-relay"
import type { NoticeListener } from "../../modules/support-chat/runtime/notice-listener"
import { VISITOR_EFFECTS_CHANNEL } from "../../modules/support-chat/runtime/fanout"
import { relayVisitorEffects, type VisitorEffects } from "./deferred-effects"

export type EffectsRelay = {
  /** Runs every recorded effect that is due; returns how many ran. */
  drain: () => Promise<number>
  /**
   * Runs one conversation's due effects, oldest first: the Medusa route that recorded one runs
   * it right after its commit. What fails stays recorded for the next drain.
   */
  runConversation: (conversationId: number) => Promise<number>
}

export type EffectsRelayInput = {
  outbox: OutboxRepository
  /** The hooks a Medusa process runs the fast lane's recorded effects through. */
  effects: VisitorEffects
  listener: NoticeListener
  warn: (message: string) => void
}

/**
 * A process's relay of the fast lane's recorded effects: one drain at a time (a drain asked
 * for meanwhile runs right after), woken by the fast lane's NOTIFY so its events leave within
 * milliseconds; after a reconnect, whatever was announced meanwhile is picked up.
 */
export function createEffectsRelay({ outbox, effects, listener, warn }: EffectsRelayInput): EffectsRelay {
  const drain = coalescedDrain(() => relayVisitorEffects(outbox, effects, warn))
  const drainNow = () => void drain().catch((error) => warn(`launchdesk: relaying visitor effects failed: ${error}`))

  listener.on(VISITOR_EFFECTS_CHANNEL, drainNow)
  listener.onResync(drainNow)
  // Beside a drain: each item is claimed once, whoever asks.
  const runConversation = (conversationId: number) => relayVisitorEffects(outbox, effects, warn, conversationId)
  return { drain, runConversation }
}
