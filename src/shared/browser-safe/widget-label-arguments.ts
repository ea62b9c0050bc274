// One table for the widget, which passes these values, and the admin's check of a store's
// overrides (widget-labels.ts), which lets a message read only them.

/**
 * The texts that take values, and the values' names in the order the widget passes them:
 * `unread(3)` formats the message's `{count}`.
 */
export const LABEL_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  unread: ["count"],
  newMessageFrom: ["author", "text"],
  rateLimited: ["wait"],
  emailSaved: ["email"],
  away: ["back"],
  arrives: ["date"],
  signupRateLimited: ["minutes"],
  shareText: ["title"],
  placeInLine: ["position", "total"],
}
