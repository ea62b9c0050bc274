import { serveTranscriptConfirmation } from "../../helpers"

/**
 * A transcript's confirmation link: GET shows the page (changes nothing), POST confirms. With a
 * publishable key; without one, the plugin's error handler serves it (`keylessTranscriptConfirmation`).
 */
export const GET = serveTranscriptConfirmation
export const POST = serveTranscriptConfirmation
