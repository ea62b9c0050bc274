// Route files import what they serve from here, so their import paths stay short at any depth.
export { visitorRoute } from "../../../../medusa/visitor-routes"
export { visitorDownloadRoute } from "../../../../medusa/chat-attachments"
export { serveTranscriptConfirmation } from "../../../../medusa/transcript-confirmation"
export { linkSession } from "../../../../chat/visitor/customer-link"
