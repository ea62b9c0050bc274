import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bridgeDelivery } from "../../../medusa/chat"

export const pruneBridgeOutboxStepId = "prune-bridge-outbox"

/** Drops outbox items delivered more than a week ago; nothing to undo. */
export const pruneBridgeOutboxStep = createStep(pruneBridgeOutboxStepId, async (_input: void, { container }) => {
  return new StepResponse({ pruned: await (await bridgeDelivery(container)).prune() })
})
