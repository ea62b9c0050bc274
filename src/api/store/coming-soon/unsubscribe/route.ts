import { serveUnsubscribe } from "../../../../medusa/coming-soon-signup-links"

/**
 * The unsubscribe link: a GET shows a page with a button and changes nothing; the POST (that
 * button, or a mail client's one-click `List-Unsubscribe=One-Click`) unsubscribes. With a
 * publishable key; without one, the plugin's error handler serves it (see `keylessSignupLink`).
 */
export const GET = serveUnsubscribe
export const POST = serveUnsubscribe
