import { createHook, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { insertChatMessageStep, type InsertChatMessageInput } from "./steps/insert-chat-message"
import { validateReplyVariablesStep } from "./steps/validate-reply-variables"
import { emailOfflineVisitorStep } from "./steps/email-offline-visitor"
import { mirrorReplyToBridgeStep } from "./steps/mirror-reply-to-bridge"
import { snapshotProductCardsStep } from "./steps/snapshot-product-cards"
import type { CardRequest } from "../../chat/product-cards/product-cards"

/** A reply: the message, and the product cards it shows (priced and linked by the workflow). */
export type ReplyToConversationInput = Omit<InsertChatMessageInput, "cards"> & { cards?: CardRequest[] }

export const replyToConversationWorkflowId = "launchdesk-reply-to-conversation"

/**
 * A staff reply from the admin (or a store's own code): refuses a leftover canned variable,
 * prices and links its product cards (an unknown product refuses the reply), stores it, reopens the conversation,
 * emits `launchdesk.message.created`, emails an offline visitor, exposes the
 * `messagePosted` hook, and mirrors an agent's reply into the team-chat thread.
 */
export const replyToConversationWorkflow = createWorkflow(
  replyToConversationWorkflowId,
  (input: ReplyToConversationInput) => {
    // A leftover canned variable never reaches the shopper; the customer's own braces may.
    validateReplyVariablesStep(transform({ input }, ({ input }) => ({ conversation_id: input.conversation_id, message: input.message })))
    const cards = snapshotProductCardsStep(transform({ input }, ({ input }) => ({ conversation_id: input.conversation_id, cards: input.cards })))
    const message = insertChatMessageStep(transform({ input, cards }, ({ input, cards }) => ({ ...input, cards })))

    const event = transform({ message }, ({ message }) => ({
      conversation_id: message.conversation_id,
      message_id: message.message_id,
      sender: message.sender,
    }))
    emitEventStep({ eventName: CHAT_EVENTS.MESSAGE_CREATED, data: event })

    emailOfflineVisitorStep(
      transform({ message }, ({ message }) => ({
        conversation_id: message.conversation_id,
        message: message.message,
        author_name: message.author_name,
      }))
    )

    const messagePosted = createHook("messagePosted", event)
    // Last, so nothing after it can undo a reply the team chat may already show.
    mirrorReplyToBridgeStep(event)
    return new WorkflowResponse(
      transform({ message }, ({ message }) => ({
        message_id: message.message_id,
        conversation_id: message.conversation_id,
      })),
      { hooks: [messagePosted] }
    )
  }
)
