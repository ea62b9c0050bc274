import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { closeConversationWorkflow, integerIdParam } from "../../helpers"

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await closeConversationWorkflow(req.scope).run({
    input: { conversation_id: integerIdParam(req, "Conversation") },
  })
  res.json({ success: true })
}
