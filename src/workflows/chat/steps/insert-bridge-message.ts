import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { ConversationStatus } from "../../../modules/support-chat/models/conversation"

export type InsertBridgeMessageInput = {
  /** The conversation's thread on the team-chat platform. */
  thread_id: string
  author_name: string
  message: string
  /** The platform's id of the reply: a repeated delivery of it is stored once. */
  platform_message_id?: string | null
}

export const insertBridgeMessageStepId = "insert-bridge-message"

/**
 * Stores a reply written in a conversation's team-chat thread as a `bridge` message and
 * reopens the conversation; a repeated delivery of the same platform message returns the
 * stored one with `created: false`.
 */
export const insertBridgeMessageStep = createStep(
  insertBridgeMessageStepId,
  async (input: InsertBridgeMessageInput, { container }) => {
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    const conversation = await store.findConversationByBridgeThread(input.thread_id)
    if (!conversation) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "No conversation belongs to this thread_id")
    }
    const row = {
      conversation_id: conversation.conversation_id,
      sender: "bridge" as const,
      author_name: input.author_name,
      message: input.message,
      next_status: "open" as const,
    }
    const stored = input.platform_message_id
      ? await store.insertMessageOnce({ ...row, external_id: input.platform_message_id })
      : await store.insertMessage(row).then((message) => message && { message, created: true })
    if (!stored) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "No conversation belongs to this thread_id")
    }
    const undo: { message_id: number; previous_status: ConversationStatus } | undefined = stored.created
      ? { message_id: stored.message.message_id, previous_status: conversation.status }
      : undefined
    return new StepResponse(stored, undo)
  },
  async (undo, { container }) => {
    if (!undo) return
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    await store.removeMessage(undo.message_id, undo.previous_status)
  }
)
