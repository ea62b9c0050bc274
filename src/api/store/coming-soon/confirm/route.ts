import { serveConfirm } from "../../../../medusa/coming-soon-signup-links"

/** Double opt-in's link. With a publishable key; without one, the plugin's error handler serves it (see `keylessSignupLink`). */
export const GET = serveConfirm
