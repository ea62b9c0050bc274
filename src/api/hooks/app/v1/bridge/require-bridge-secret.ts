import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bridgeSettings } from "../../../../../medusa/chat"
import { sharedSecretMatches } from "../../../../../chat/bridge/secret"

export const BRIDGE_SECRET_HEADER = "x-app-secret"

/**
 * Lets a request through only with the bridge's shared secret in `X-APP-Secret`; runs before
 * body validation so a caller without it learns nothing. No secret configured: nobody passes.
 */
export async function requireBridgeSecret(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const { shared_secret } = await bridgeSettings(req.scope)
    if (!sharedSecretMatches(req.headers[BRIDGE_SECRET_HEADER], shared_secret)) {
      return next(new MedusaError(MedusaError.Types.UNAUTHORIZED, "Missing or invalid X-APP-Secret header"))
    }
    next()
  } catch (error) {
    next(error)
  }
}
