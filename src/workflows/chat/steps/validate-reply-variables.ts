import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { findUnfilledVariable } from "../../../shared/browser-safe/canned-variables"
import { variableValues } from "../../../medusa/customer-context"

export const validateReplyVariablesStepId = "validate-reply-variables"

/**
 * Refuses (400) a reply that still holds a canned response's `{{variable}}`. Braces that are the
 * conversation's own customer data (a first name of `{{store.name}}`, as a render inserted it)
 * are not a variable: the data is read only when the text holds something that looks like one.
 */
export const validateReplyVariablesStep = createStep(
  validateReplyVariablesStepId,
  async (input: { conversation_id: number; message: string }, { container }) => {
    if (!findUnfilledVariable(input.message)) return new StepResponse(undefined)
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const conversation = await (await chat.inbox()).findConversation(input.conversation_id)
    const values = conversation ? await variableValues(container, conversation, null) : {}
    const left = findUnfilledVariable(input.message, values)
    if (left) throw new MedusaError(MedusaError.Types.INVALID_DATA, `fill in or remove ${left} before sending`)
    return new StepResponse(undefined)
  }
)
