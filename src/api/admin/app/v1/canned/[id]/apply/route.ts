import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminApplyCannedType } from "../../../validators"
import { applyCannedActionsWorkflow, chatModule, integerIdParam } from "../../../helpers"

/**
 * Runs a canned response's actions in the conversation it was just sent in (the inbox calls it
 * after the reply): labels added, assigned to the signed-in user, closed. Answers the
 * conversation's labels, assignee and status as they are then.
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminApplyCannedType>, res: MedusaResponse) => {
  const conversationId = req.validatedBody.conversation_id
  await applyCannedActionsWorkflow(req.scope).run({
    input: {
      canned_id: integerIdParam(req, "Canned response"),
      conversation_id: conversationId,
      user_id: req.auth_context?.actor_type === "user" ? req.auth_context.actor_id : null,
    },
  })
  const conversation = await (await chatModule(req).inbox()).findConversation(conversationId)
  res.json({ labels: conversation?.labels ?? [], assigned_to: conversation?.assigned_to ?? null, status: conversation?.status })
}
