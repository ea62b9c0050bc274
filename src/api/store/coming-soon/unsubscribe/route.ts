import { serveUnsubscribe } from "../../../../medusa/coming-soon-signup-links"

/** With a publishable key; without one, the plugin's error handler serves it (see `keylessSignupLink`). */
export const GET = serveUnsubscribe
