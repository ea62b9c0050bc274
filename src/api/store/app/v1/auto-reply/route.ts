import { visitorRoute } from "../../../../../chat/visitor/medusa-route"
import { requestAutoReply } from "../../../../../chat/visitor/auto-reply"

export const POST = visitorRoute(requestAutoReply)
