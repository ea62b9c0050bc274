import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../../utils/validate-query"
import { requireBridgeSecret } from "./require-bridge-secret"
import { HookBridgeIncoming } from "./validators"

/** The bridge bot's hook. */
export const hookBridgeRoutesMiddlewares: MiddlewareRoute[] = [
  // The secret is checked before the body, so a caller without it learns nothing.
  {
    matcher: "/hooks/app/v1/bridge/incoming",
    methods: ["POST"],
    middlewares: [requireBridgeSecret, validateBody(HookBridgeIncoming)],
  },
]
