import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { sendMessage } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(sendMessage)
