import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { medusaSignupRelay } from "../../../medusa/coming-soon-signup"

export const relaySignupEffectsStepId = "relay-signup-effects"

/**
 * Emits `launchdesk.signup.created` for new ledger rows whose event has not gone out yet
 * (the fast lane's, or a Medusa request's cut off before its own run). No compensation: each
 * effect is claimed once and, once emitted, has left the process.
 */
export const relaySignupEffectsStep = createStep(relaySignupEffectsStepId, async (_input: void, { container }) => {
  return new StepResponse({ relayed: await (await medusaSignupRelay(container)).drain() })
})
