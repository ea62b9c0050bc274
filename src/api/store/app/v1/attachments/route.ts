import { visitorUploadRoute } from "../../../../../medusa/chat-attachments"

export const POST = visitorUploadRoute
