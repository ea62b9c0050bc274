import { error, noContent } from "../responses"
import { ADMIN_CHAT_ROUTES } from "./admin-chat"
import { HOOK_ROUTES } from "./bridge-hook"
import { COMING_SOON_ADMIN_ROUTES } from "./coming-soon-admin"
import { COMING_SOON_STORE_ROUTES } from "./coming-soon-store"
import { BACK_IN_STOCK_ROUTES } from "./back-in-stock"
import { HEALTH_ROUTES } from "./health"
import { NONE, type RouteDescription } from "./route-kinds"
import { VISITOR_ROUTES } from "./visitor"

export { TAGS, type Access, type Lane, type Method, type RouteDescription } from "./route-kinds"

/**
 * Every route the plugin serves, on Medusa (src/api) and on the fast lane (src/fast-lane):
 * the one list docs/openapi.json is generated from. Request shapes are the routes' own
 * validators; answers are the wire shapes of src/types/http. One file per area, what they share
 * in route-kinds.ts; this joins them, and is what the rest of the plugin imports.
 */

/**
 * What every route may answer besides its own statuses: Medusa's error handler's 500 for an
 * unexpected failure, and, for a GET answered in one piece (`res.json`, `res.send`), Express's
 * 304 with no body when the request's `If-None-Match` holds the answer's ETag (streams and
 * files piped out have no ETag).
 */
function withServerAnswers(route: RouteDescription): RouteDescription {
  const whole = Object.keys(route.responses[200]?.content ?? {}).some((type) => type === "application/json" || type === "text/html")
  const notModified = route.method === "get" && whole ? { 304: noContent("Not modified: `If-None-Match` holds the answer's ETag") } : NONE
  return { ...route, responses: { 500: error(500), ...route.responses, ...notModified } }
}

export const ROUTES: readonly RouteDescription[] = [
  ...VISITOR_ROUTES,
  ...ADMIN_CHAT_ROUTES,
  ...HOOK_ROUTES,
  ...COMING_SOON_STORE_ROUTES,
  ...COMING_SOON_ADMIN_ROUTES,
  ...BACK_IN_STOCK_ROUTES,
  ...HEALTH_ROUTES,
].map(withServerAnswers)
