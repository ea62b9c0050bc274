import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bridgeAuthDeps } from "../../../../../medusa/chat"
import { authenticateBridge } from "../../../../../chat/bridge/secret"
import { sendOutcome } from "../../../../../shared/send-outcome"
import { rateLimited } from "../../../../../shared/outcome"

export const BRIDGE_SECRET_HEADER = "x-app-secret"

/**
 * Lets a request through only with the bridge's shared secret in `X-APP-Secret`; runs before
 * body validation so a caller without it learns nothing. No secret configured: nobody passes.
 * Failures are counted per client address: past the limit, 429 until the window ends.
 */
export async function requireBridgeSecret(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const verdict = await authenticateBridge(await bridgeAuthDeps(req), req.headers[BRIDGE_SECRET_HEADER])
    if (verdict.kind === "throttled") {
      return sendOutcome(
        res,
        rateLimited("Too many failed bridge authentications from this address; try again later.", verdict.retryAfterSeconds)
      )
    }
    if (verdict.kind === "unauthorized") {
      return next(new MedusaError(MedusaError.Types.UNAUTHORIZED, "Missing or invalid X-APP-Secret header"))
    }
    next()
  } catch (error) {
    next(error)
  }
}
