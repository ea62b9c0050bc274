import { visitorRoute } from "../../../../../chat/visitor/medusa-route"
import { saveEmail } from "../../../../../chat/visitor/visitor-api"

export const POST = visitorRoute(saveEmail)
