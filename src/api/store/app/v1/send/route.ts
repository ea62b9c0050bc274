import { visitorRoute } from "../../../../../chat/visitor/medusa-route"
import { sendMessage } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(sendMessage)
