import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelConversationOrderWorkflow, orderActionAnswer, staffId, staffName, conversationOrderParams } from "../../../../../helpers"

/** `POST /admin/app/v1/conversation/:id/orders/:order_id/cancel` (CONTRACT §11): Medusa's own cancel, an event line, the order as it is now. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const params = conversationOrderParams(req)
  await cancelConversationOrderWorkflow(req.scope).run({
    input: { ...params, author_id: staffId(req), author_name: await staffName(req) },
  })
  res.json(await orderActionAnswer(req, params))
}
