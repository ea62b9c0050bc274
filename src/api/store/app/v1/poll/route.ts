import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { pollMessages } from "../../../../../chat/visitor/visitor-api"

export const GET = visitorRoute(pollMessages)
