import { argumentsOf, parseMessage } from "./message-format"
import { LABEL_ARGUMENTS } from "./widget-label-arguments"

/**
 * The widget's and the block's own texts as a store may override them from the admin
 * (`widget_labels`, CONTRACT §9): every key of the storefront's message files, with the values
 * its ICU message may read. A unit test keeps this table equal to src/shared/browser-safe/widget-messages/en.json.
 */

const PLAIN = (
  "chatTitle chatSubtitle openChat closeChat emptyConversation messageLabel messagePlaceholder send attach " +
  "sending you support autoReply starting chatUnavailable sendFailed emailOffer emailLabel emailPlaceholder " +
  "saveEmail emailInvalid dismiss awayEmailOffer staffTyping read comingSoon countdownLabel days hours " +
  "minutes seconds signupIntro signupEmailLabel notifyMe signingUp signupSuccess signupConfirm signupFailed " +
  "captchaRequired formsEmbedTitle shareIntro shareFacebook shareX preorder preorderNote unavailable backInStockIntro notifyWhenBack " +
  "backInStockSuccess consentLabel consentRequired ratingPrompt " +
  "ratingCommentLabel ratingSubmit ratingChooseScore ratingThanks ratingFailed transcriptOffer " +
  "transcriptSent transcriptConfirm transcriptFailed linkOffer keepConversation startNewConversation"
).split(" ")

/** Each label key and the values its message may read (none for a plain text). */
export const WIDGET_LABEL_VALUES: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(PLAIN.map((key) => [key, []])),
  ...LABEL_ARGUMENTS,
  attachUploading: ["percent"],
  attachRemove: ["name"],
  attachWrongType: ["name"],
  attachTooLarge: ["name", "max"],
  attachTooMany: ["max"],
  attachFailed: ["name", "reason"],
  attachmentOpen: ["name"],
  attachmentUnavailable: ["name"],
  ratingScore: ["score"],
}

export const WIDGET_LABEL_KEYS = Object.keys(WIDGET_LABEL_VALUES)

/** The longest one overridden text may be. */
export const MAX_WIDGET_LABEL_LENGTH = 500

/**
 * Why `source` cannot be the text of `key` (a message that does not parse, or reads a value
 * the widget does not pass), or null when it can: the same reader the widget runs.
 */
export function widgetLabelFault(key: string, source: string): string | null {
  const allowed = WIDGET_LABEL_VALUES[key]
  if (!allowed) return "not a label of the widget"
  try {
    const unknown = [...argumentsOf(parseMessage(source))].filter((name) => !allowed.includes(name))
    if (!unknown.length) return null
    return allowed.length
      ? `may read only ${allowed.map((name) => `{${name}}`).join(", ")}`
      : "takes no values ({…} arguments)"
  } catch (error) {
    // The parser's message quotes the source; a 400 names the fault and its place only.
    return `not a valid ICU message: ${(error as Error).message.split(' in "')[0]}`
  }
}
