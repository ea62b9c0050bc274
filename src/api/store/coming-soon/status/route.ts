import { serveWaitlistStatus } from "../../../../medusa/coming-soon-status"

/**
 * A signup's place in line by its signed status link (CONTRACT §12). With a publishable key;
 * without one (an email client), the plugin's error handler serves it (see `keylessWaitlistStatus`).
 */
export const GET = serveWaitlistStatus
