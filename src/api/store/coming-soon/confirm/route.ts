import { serveConfirm } from "../../../../medusa/coming-soon-signup-links"

/**
 * Double opt-in's link: a GET shows a page with a button and changes nothing; its POST
 * confirms. With a publishable key; without one, the plugin's error handler serves it (see
 * `keylessSignupLink`).
 */
export const GET = serveConfirm
export const POST = serveConfirm
