import { visitorDownloadRoute } from "../../../../../../medusa/chat-attachments"

export const GET = visitorDownloadRoute
