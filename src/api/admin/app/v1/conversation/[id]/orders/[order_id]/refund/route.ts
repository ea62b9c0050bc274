import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminRefundOrderType } from "../../../../../validators"
import { conversationOrderParams, orderActionAnswer, refundConversationOrderWorkflow, staffId, staffName } from "../../../../../helpers"

/** `POST /admin/app/v1/conversation/:id/orders/:order_id/refund` (CONTRACT §11): Medusa's own payment refund, an event line, the order as it is now. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminRefundOrderType>, res: MedusaResponse) => {
  const params = conversationOrderParams(req)
  await refundConversationOrderWorkflow(req.scope).run({
    input: { ...params, ...req.validatedBody, author_id: staffId(req), author_name: await staffName(req) },
  })
  res.json(await orderActionAnswer(req, params))
}
