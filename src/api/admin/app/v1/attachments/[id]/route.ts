import { staffDownloadRoute } from "../../helpers"

export const GET = staffDownloadRoute
