import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminAddNoteType } from "../../../validators"
import { addConversationNoteWorkflow, integerIdParam, staffName } from "../../../helpers"

/** An internal note (CONTRACT §11): shown in the inbox thread, never to the shopper or the team-chat thread. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminAddNoteType>, res: MedusaResponse) => {
  const { result: note } = await addConversationNoteWorkflow(req.scope).run({
    input: {
      conversation_id: integerIdParam(req, "Conversation"),
      author_id: req.auth_context?.actor_type === "user" ? req.auth_context.actor_id : null,
      author_name: await staffName(req),
      text: req.validatedBody.text,
    },
  })
  res.json({ note })
}
