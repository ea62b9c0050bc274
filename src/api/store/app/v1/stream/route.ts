import { visitorStreamRoute } from "../../../../../medusa/chat-stream-routes"

/** Server-Sent Events of the visitor's conversation; the fast lane serves the same. */
export const GET = visitorStreamRoute
