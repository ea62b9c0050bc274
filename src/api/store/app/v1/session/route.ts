import { visitorRoute } from "../../../../../chat/visitor/medusa-route"
import { startSession } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(startSession)
