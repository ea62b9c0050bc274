import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { markReadByVisitor } from "../../../../../chat/visitor/typing-and-read"

export const POST = visitorRoute(markReadByVisitor)
