import { visitorRoute } from "../../../../../chat/visitor/medusa-route"
import { pollMessages } from "../../../../../chat/visitor/visitor-api"

export const GET = visitorRoute(pollMessages)
