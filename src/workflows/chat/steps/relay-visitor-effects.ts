import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { medusaEffectsRelay } from "../../../medusa/chat"

export const relayVisitorEffectsStepId = "relay-visitor-effects"

/**
 * Emits the events and records the team-chat posts of visitor operations the fast lane
 * served. No compensation: each effect is claimed once and, once run, has left the process.
 */
export const relayVisitorEffectsStep = createStep(relayVisitorEffectsStepId, async (_input: void, { container }) => {
  return new StepResponse({ relayed: await (await medusaEffectsRelay(container)).drain() })
})
