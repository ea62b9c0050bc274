import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { assignConversationWorkflow } from "../../../../../../workflows/assign-conversation"
import { integerIdParam } from "../../../../../utils/validate-query"
import type { AdminAssignType } from "../../validators"

export const POST = async (req: AuthenticatedMedusaRequest<AdminAssignType>, res: MedusaResponse) => {
  const { result } = await assignConversationWorkflow(req.scope).run({
    input: { conversation_id: integerIdParam(req, "Conversation"), assigned_to: req.validatedBody.assigned_to },
  })
  res.json({ success: true, assigned_to: result.assigned_to })
}
