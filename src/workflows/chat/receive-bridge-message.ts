import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { insertBridgeMessageStep, type InsertBridgeMessageInput } from "./steps/insert-bridge-message"
import { emailOfflineVisitorStep } from "./steps/email-offline-visitor"

export const receiveBridgeMessageWorkflowId = "launchdesk-receive-bridge-message"

/**
 * A reply relayed from the team-chat thread (`POST /hooks/app/v1/bridge/incoming`): stores
 * it as a `bridge` message, reopens the conversation, emits `launchdesk.message.created`
 * and emails an offline visitor. A repeated delivery only returns the stored message.
 */
export const receiveBridgeMessageWorkflow = createWorkflow(
  receiveBridgeMessageWorkflowId,
  (input: InsertBridgeMessageInput) => {
    const stored = insertBridgeMessageStep(input)

    when("bridge-message-is-new", { stored }, ({ stored }) => stored.created).then(() => {
      emitEventStep({
        eventName: CHAT_EVENTS.MESSAGE_CREATED,
        data: transform({ stored }, ({ stored }) => ({
          conversation_id: stored.message.conversation_id,
          message_id: stored.message.message_id,
          sender: stored.message.sender,
        })),
      })
      emailOfflineVisitorStep(
        transform({ stored }, ({ stored }) => ({
          conversation_id: stored.message.conversation_id,
          message: stored.message.message,
          author_name: stored.message.author_name,
        }))
      )
    })

    return new WorkflowResponse(
      transform({ stored }, ({ stored }) => ({
        message_id: stored.message.message_id,
        conversation_id: stored.message.conversation_id,
      }))
    )
  }
)
