import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../../../modules/launchdesk"

export { CHAT_DELIVERY_TOPICS, chatDeliveryView } from "../../../../../chat/deliveries"

/** The outbox that holds the chat's deliveries. */
export const outboxOf = (req: AuthenticatedMedusaRequest) =>
  req.scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).outbox()
