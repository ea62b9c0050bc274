import type { MedusaContainer } from "@medusajs/framework/types"
import { relayVisitorEffectsWorkflow } from "../workflows/chat/relay-visitor-effects"

/**
 * Emits the events and records the team-chat posts of visitor operations served by the fast
 * lane (which has no event bus), sends the transcript emails shoppers asked for, and emits the
 * `launchdesk.signup.created` events both lanes record with their ledger rows. Its first run
 * also subscribes the process to the fast lane's NOTIFY, so later effects go out at once; the
 * runs after it catch up on anything a lost notification left behind. Safe in every process
 * at once: each effect is claimed once.
 */
export default async function relayVisitorEffectsJob(container: MedusaContainer) {
  await relayVisitorEffectsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-relay-visitor-effects",
  schedule: { interval: 5_000 },
}
