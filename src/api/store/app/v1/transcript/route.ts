import { visitorRoute } from "../../../../../medusa/visitor-routes"
import { requestTranscript } from "../../../../../chat/visitor/feedback"

export const POST = visitorRoute(requestTranscript)
