import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receiveBridgeMessageWorkflow } from "../helpers"
import type { HookBridgeIncomingType } from "../validators"

/** The companion bot relays a reply from a conversation's team-chat thread. */
export const POST = async (req: MedusaRequest<HookBridgeIncomingType>, res: MedusaResponse) => {
  const { result } = await receiveBridgeMessageWorkflow(req.scope).run({ input: req.validatedBody })
  res.json({ success: true, message_id: result.message_id })
}
