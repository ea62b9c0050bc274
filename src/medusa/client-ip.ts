import type { MedusaRequest } from "@medusajs/framework/http"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import type { ClientAddress } from "../shared/client-ip"

/**
 * The client of a Medusa request by the plugin's `clientIp` option, as the fast lane reads it.
 * Not `req.ip`: that follows Medusa's own `trust proxy` (1), under which a directly reachable
 * server lets every request name its own address.
 */
export function medusaClientOf(req: MedusaRequest): ClientAddress | undefined {
  return req.scope
    .resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
    .clientOf(req.socket.remoteAddress, req.headers["x-forwarded-for"])
}
