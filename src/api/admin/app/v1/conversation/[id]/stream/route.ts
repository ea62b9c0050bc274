import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { conversationStreamRoute } from "../../../../../../../chat/push/medusa-routes"
import { integerIdParam } from "../../../../../../utils/validate-query"

/** Server-Sent Events of one conversation for the inbox pane: each new message once committed. */
export const GET = (req: AuthenticatedMedusaRequest, res: MedusaResponse) =>
  conversationStreamRoute(req, res, integerIdParam(req, "Conversation"))
