import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bridgeDelivery } from "../../../medusa/chat"

export type MirrorReplyToBridgeInput = { conversation_id: number; message_id: number; sender: string }

export const mirrorReplyToBridgeStepId = "mirror-reply-to-bridge"

/**
 * Tries an agent's reply in the conversation's team-chat thread, in the background: its post
 * was recorded with the message (insert-chat-message.ts). Writes nothing, never fails or
 * delays the reply: the retry job delivers what is recorded.
 */
export const mirrorReplyToBridgeStep = createStep(mirrorReplyToBridgeStepId, async (input: MirrorReplyToBridgeInput, { container }) => {
  if (input.sender === "agent") {
    await (await bridgeDelivery(container)).deliverSoon(input.conversation_id)
  }
  return new StepResponse(undefined)
})
