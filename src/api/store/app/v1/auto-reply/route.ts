import { autoReplyRoute } from "../../../../../medusa/visitor-routes"
import { requestAutoReply } from "../../../../../chat/visitor/auto-reply"

export const POST = autoReplyRoute(requestAutoReply)
