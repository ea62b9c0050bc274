import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bridgeDelivery } from "../../../medusa/chat"

export const deliverDueBridgePostsStepId = "deliver-due-bridge-posts"

/**
 * Posts the team-chat messages that are due (first tries that failed, retries after their
 * backoff). No compensation: a post the team already sees cannot be taken back, and each
 * outbox item is claimed by exactly one caller, so a run may safely stop halfway.
 */
export const deliverDueBridgePostsStep = createStep(deliverDueBridgePostsStepId, async (_input: void, { container }) => {
  return new StepResponse(await (await bridgeDelivery(container)).deliverDue())
})
