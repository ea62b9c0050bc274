import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { saveEmail } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(saveEmail)
