import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bridgeDelivery } from "../../medusa/chat"

export type MirrorReplyToBridgeInput = { conversation_id: number; message_id: number; sender: string }

export const mirrorReplyToBridgeStepId = "mirror-reply-to-bridge"

/**
 * Records an agent's reply for the conversation's team-chat thread and tries to post it in
 * the background. Never fails or delays the reply: the retry job delivers what is recorded.
 */
export const mirrorReplyToBridgeStep = createStep(
  mirrorReplyToBridgeStepId,
  async (input: MirrorReplyToBridgeInput, { container }) => {
    if (input.sender !== "agent") {
      return new StepResponse(undefined)
    }
    await (await bridgeDelivery(container)).afterMessageStored(input)
    return new StepResponse(undefined, input.message_id)
  },
  async (messageId, { container }) => {
    if (messageId === undefined) return
    await (await bridgeDelivery(container)).cancel(messageId)
  }
)
