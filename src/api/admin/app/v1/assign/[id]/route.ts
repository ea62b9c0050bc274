import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminAssignType } from "../../validators"
import { assignConversationWorkflow, integerIdParam } from "../../helpers"

export const POST = async (req: AuthenticatedMedusaRequest<AdminAssignType>, res: MedusaResponse) => {
  const { result } = await assignConversationWorkflow(req.scope).run({
    input: { conversation_id: integerIdParam(req, "Conversation"), assigned_to: req.validatedBody.assigned_to },
  })
  res.json({ success: true, assigned_to: result.assigned_to })
}
