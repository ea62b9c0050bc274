import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  chatModule,
  integerIdParam,
  orderForContext,
  renderCannedText,
  variableValues,
  variantFor,
  type CannedVariant,
  type ContextOrder,
} from "../../../helpers"
import type { AdminRenderCannedType } from "../../../validators"

/**
 * `POST /admin/app/v1/canned/:id/render`: the canned response filled in for one conversation,
 * with the latest order of its customer unless `order_id` names another of theirs. Variables
 * without a value stay as written and are listed in `missing`. The text is the variant of the
 * conversation's locale, else the default (CONTRACT §9).
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminRenderCannedType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Canned response")
  const { conversation_id, order_id } = req.validatedBody
  const chat = chatModule(req)
  const [canned] = await chat.listCannedResponses({ id }, { select: ["response", "translations"] })
  if (!canned) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${id} was not found`)
  const conversation = await (await chat.inbox()).findConversation(conversation_id)
  if (!conversation) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Conversation ${conversation_id} was not found`)

  let order: ContextOrder | null = null
  if (order_id) {
    // Only an order of the conversation's own (verified) customer.
    order = conversation.customer_id ? await orderForContext(req.scope, order_id, { customer_id: conversation.customer_id }) : null
    if (!order) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Order ${order_id} is not an order of this conversation's customer`)
    }
  }
  const variant = variantFor(canned.translations as Record<string, CannedVariant> | null, conversation.locale)
  res.json(renderCannedText(variant?.response ?? canned.response, await variableValues(req.scope, conversation, order)))
}
