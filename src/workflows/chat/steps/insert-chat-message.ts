import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { MessageSender } from "../../../modules/support-chat/models/message"
import { bridgeDelivery } from "../../../medusa/chat"
import type { ChatCard } from "../../../shared/browser-safe/chat-message"

export type InsertChatMessageInput = {
  conversation_id: number
  sender: Extract<MessageSender, "agent" | "bridge" | "auto">
  message: string
  author_name?: string | null
  external_id?: string | null
  /** Files the agent uploaded to this conversation and sends with the message. */
  attachment_ids?: number[]
  /** Product cards as the message keeps them (snapshot-product-cards.ts). */
  cards?: ChatCard[]
}

export const insertChatMessageStepId = "insert-chat-message"

/**
 * Stores a staff-side message; agent and bridge replies reopen the conversation. An agent's
 * reply records its team-chat post in the same statement (while the bridge is on): both are
 * stored or neither, and a refused statement is a `MessageWriteError` (503, nothing kept).
 */
export const insertChatMessageStep = createStep(
  insertChatMessageStepId,
  async (input: InsertChatMessageInput, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const before = await (await chat.inbox()).findConversation(input.conversation_id)
    if (!before) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    const effects = input.sender === "agent" ? await (await bridgeDelivery(container)).postEffects() : []
    const message = await (await chat.conversations()).insertWithinBytes(
      {
        ...input,
        // An auto-reply leaves the conversation waiting: a person still has to look at it.
        next_status: input.sender === "auto" ? undefined : "open",
        effects,
      },
      null
    )
    if (message === "attachments") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Invalid attachment_ids: each must be a file uploaded from the admin to this conversation and not sent yet."
      )
    }
    if (!message || message === "full") {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(message, { message_id: message.message_id, previous_status: before.status })
  },
  async (inserted, { container }) => {
    if (!inserted) return
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    // Its post first, while nobody has started it; then the message.
    await (await bridgeDelivery(container)).cancel(inserted.message_id)
    await (await chat.conversations()).removeMessage(inserted.message_id, inserted.previous_status)
  }
)
