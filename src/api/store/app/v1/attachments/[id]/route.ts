import { visitorDownloadRoute } from "../../helpers"

export const GET = visitorDownloadRoute
