import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { closeConversationWorkflow } from "../../../../../../workflows/close-conversation"
import { integerIdParam } from "../../../../../utils/validate-query"

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await closeConversationWorkflow(req.scope).run({
    input: { conversation_id: integerIdParam(req, "Conversation") },
  })
  res.json({ success: true })
}
