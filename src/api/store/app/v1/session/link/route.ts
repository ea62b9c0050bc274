import { visitorRoute } from "../../../../../../medusa/visitor-routes"
import { linkSession } from "../../../../../../chat/visitor/customer-link"

export const POST = visitorRoute(linkSession)
