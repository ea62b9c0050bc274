import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { serveUnsubscribe } from "../../../../medusa/coming-soon-unsubscribe"

/** With a publishable key; without one, the plugin's error handler serves it (see `isKeylessUnsubscribe`). */
export const GET = serveUnsubscribe
