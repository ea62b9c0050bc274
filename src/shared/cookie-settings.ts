import type { CookieSameSite } from "./plugin-options"

/**
 * How the plugin sets the cookies it gives a shopper's browser (the options' `cookieSameSite`
 * and `cookieSecure`): the chat's visitor cookie and the coming-soon signup's subscriber id.
 */
export type VisitorCookieSettings = { sameSite: CookieSameSite; secure: boolean }
