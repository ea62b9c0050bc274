import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { closeConversationStep } from "./steps/close-conversation"
import { planCannedActionsStep, type PlanCannedActionsInput } from "./steps/plan-canned-actions"
import { setConversationAssigneeStep } from "./steps/set-conversation-assignee"
import { setConversationLabelsStep } from "./steps/set-conversation-labels"

export const applyCannedActionsWorkflowId = "launchdesk-apply-canned-actions"

/**
 * What a canned response does besides its text (a macro), once the agent sent it: adds its
 * labels, assigns the conversation to the agent, closes it; each with the event its own route
 * emits. A step that fails puts back what the ones before it changed.
 */
export const applyCannedActionsWorkflow = createWorkflow(applyCannedActionsWorkflowId, (input: PlanCannedActionsInput) => {
  const plan = planCannedActionsStep(input)
  when("canned-adds-labels", { plan }, ({ plan }) => plan.labels !== null).then(() => {
    const labelled = setConversationLabelsStep(
      transform({ plan }, ({ plan }) => ({ conversation_id: plan.conversation_id, labels: plan.labels ?? [] }))
    )
    emitEventStep({ eventName: CHAT_EVENTS.CONVERSATION_LABELS_SET, data: labelled }).config({ name: "emit-canned-labels-set" })
  })
  when("canned-assigns", { plan }, ({ plan }) => plan.assign_to !== null).then(() => {
    const assigned = setConversationAssigneeStep(
      transform({ plan }, ({ plan }) => ({ conversation_id: plan.conversation_id, assigned_to: plan.assign_to }))
    )
    emitEventStep({ eventName: CHAT_EVENTS.CONVERSATION_ASSIGNED, data: assigned }).config({ name: "emit-canned-assigned" })
  })
  when("canned-closes", { plan }, ({ plan }) => plan.close).then(() => {
    closeConversationStep(transform({ plan }, ({ plan }) => ({ conversation_id: plan.conversation_id })))
    emitEventStep({
      eventName: CHAT_EVENTS.CONVERSATION_CLOSED,
      data: transform({ plan }, ({ plan }) => ({ conversation_id: plan.conversation_id })),
    }).config({ name: "emit-canned-closed" })
  })
  return new WorkflowResponse(plan)
})
