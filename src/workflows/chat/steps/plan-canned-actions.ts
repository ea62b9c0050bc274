import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { CannedActionsType } from "../../../types/http"

// CONTRACT §11: a conversation holds at most this many labels.
const MAX_LABELS = 10

export type PlanCannedActionsInput = {
  canned_id: number
  conversation_id: number
  /** The signed-in user; null for a secret API key, which cannot be assigned anything. */
  user_id: string | null
}

/** What the canned response's actions change: each null where it changes nothing. */
export type CannedActionsPlan = {
  conversation_id: number
  labels: string[] | null
  assign_to: string | null
  close: boolean
}

export const planCannedActionsStepId = "plan-canned-actions"

/**
 * Reads the canned response's actions against the conversation (404 for either unknown) and
 * says what they change: its labels with the new ones added (400 past ten), the user to
 * assign it to (400 without a user), whether to close it. Changes nothing itself.
 */
export const planCannedActionsStep = createStep(planCannedActionsStepId, async (input: PlanCannedActionsInput, { container }) => {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const [canned] = await chat.listCannedResponses({ id: input.canned_id }, { select: ["id", "actions"] })
  if (!canned) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${input.canned_id} was not found`)
  const conversation = await (await chat.inbox()).findConversation(input.conversation_id)
  if (!conversation) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)

  const actions = (canned.actions ?? {}) as CannedActionsType
  const added = (actions.labels ?? []).filter((label) => !conversation.labels.includes(label))
  const labels = added.length ? [...conversation.labels, ...added] : null
  if (labels && labels.length > MAX_LABELS) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The canned response's labels would give the conversation ${labels.length} labels; it may have at most ${MAX_LABELS}`
    )
  }
  if (actions.assign_to_me && !input.user_id) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The canned response assigns the conversation to its sender, and an API key is no user")
  }
  const assignTo = actions.assign_to_me && conversation.assigned_to !== input.user_id ? input.user_id : null
  return new StepResponse<CannedActionsPlan>({
    conversation_id: input.conversation_id,
    labels,
    assign_to: assignTo,
    close: Boolean(actions.close) && conversation.status !== "closed",
  })
})
