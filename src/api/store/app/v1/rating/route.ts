import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { rateConversation } from "../../../../../chat/visitor/feedback"

export const POST = visitorRoute(rateConversation)
