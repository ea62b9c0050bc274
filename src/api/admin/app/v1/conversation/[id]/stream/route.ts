import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { conversationStreamRoute, integerIdParam } from "../../../helpers"

/** Server-Sent Events of one conversation for the inbox pane: each new message once committed. */
export const GET = (req: AuthenticatedMedusaRequest, res: MedusaResponse) =>
  conversationStreamRoute(req, res, integerIdParam(req, "Conversation"))
