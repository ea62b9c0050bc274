import { linkSession, visitorRoute } from "../../helpers"

export const POST = visitorRoute(linkSession)
