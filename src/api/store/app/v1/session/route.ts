import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { startSession } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(startSession)
