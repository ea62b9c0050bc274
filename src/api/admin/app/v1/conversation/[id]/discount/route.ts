import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminCreateDiscountType } from "../../../validators"
import { createChatDiscountWorkflow, integerIdParam, staffId, staffName } from "../../../helpers"

/** A single-use code for this conversation's shopper, handed over as the agent's message (CONTRACT §11). */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreateDiscountType>, res: MedusaResponse) => {
  const { result } = await createChatDiscountWorkflow(req.scope).run({
    input: {
      ...req.validatedBody,
      conversation_id: integerIdParam(req, "Conversation"),
      author_id: staffId(req),
      author_name: await staffName(req),
    },
  })
  res.json(result)
}
