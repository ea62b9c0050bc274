import type { MessageSender } from "../../modules/support-chat/models/message"

/** Who a line of an email speaks for: the shopper's own words, or the store (staff, bridge, auto-reply, the close). */
export type EmailVoice = "shopper" | "store"

export const voiceOf = (sender: MessageSender): EmailVoice => (sender === "visitor" ? "shopper" : "store")

// A host name (two labels or more, the last a word) or an IPv4 address; letters of any script.
const HOST_LIKE = /(?<![\p{L}\p{N}_-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]{1,62}(?![\p{L}\p{N}_-])|(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}.])/gu
// A scheme before `//`, or a mail or phone link.
const SCHEME = /\b([a-z][a-z0-9+.-]{1,31}):(?=\/\/)|\b(mailto|tel|sms):/giu

/**
 * A shopper's text as an email may quote it without a link in it: every host name and
 * address reads `evil[.]example`, every scheme `https[:]//`, so no mail client turns the
 * shopper's words into a link the store seems to send. The words stay readable.
 */
export function inertLinks(text: string): string {
  return text
    .replace(SCHEME, (_match, scheme: string | undefined, other: string | undefined) => `${scheme ?? other}[:]`)
    .replace(HOST_LIKE, (host) => host.replace(/\./g, "[.]"))
}
