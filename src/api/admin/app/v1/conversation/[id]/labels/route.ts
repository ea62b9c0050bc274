import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminSetLabelsType } from "../../../validators"
import { integerIdParam, setConversationLabelsWorkflow } from "../../../helpers"

/** Replaces the conversation's labels (CONTRACT §11): at most 10, each 1-32 characters. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminSetLabelsType>, res: MedusaResponse) => {
  const { result } = await setConversationLabelsWorkflow(req.scope).run({
    input: { conversation_id: integerIdParam(req, "Conversation"), labels: req.validatedBody.labels },
  })
  res.json({ labels: result.labels })
}
