import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { sendTyping } from "../../../../../chat/visitor/typing-and-read"

export const POST = visitorRoute(sendTyping)
