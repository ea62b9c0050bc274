/**
 * The chat widget's English texts, compiled by hand from i18n/en.json (a unit test keeps them
 * equal): the script every page loads carries these only; other languages load on demand.
 */
export const CHAT_LABELS = {
  chatTitle: "Support",
  chatSubtitle: "We usually answer within a few minutes.",
  openChat: "Open support chat",
  closeChat: "Close support chat",
  unread: (count: number) => (count === 1 ? "1 new message" : `${count} new messages`),
  emptyConversation: "Ask us anything about products, shipping or your order.",
  messageLabel: "Message",
  messagePlaceholder: "Write a message…",
  send: "Send",
  attach: "Attach files",
  sending: "Sending…",
  you: "You",
  support: "Support",
  autoReply: "Automatic answer",
  newMessageFrom: (author: string, text: string) => `${author}: ${text}`,
  starting: "Connecting…",
  chatUnavailable: "The chat is unavailable right now. Please try again in a moment.",
  sendFailed: "Your message was not sent. Check your connection and try again.",
  /** `wait`: when, as `Intl.RelativeTimeFormat` says it ("in 45 seconds"). */
  rateLimited: (wait: string) => `You are sending messages too quickly. Try again ${wait}.`,
  emailOffer: "Our team has not answered yet. Leave your email and we will send the reply there.",
  emailLabel: "Email address",
  emailPlaceholder: "you@example.com",
  saveEmail: "Email me",
  emailSaved: (email: string) => `Thanks! If you are away, the reply goes to ${email}.`,
  emailInvalid: "Please enter a valid email address.",
  dismiss: "Not now",
  away: (back: string | null) => (back ? `We are away right now and back ${back}.` : "We are away right now."),
  awayEmailOffer: "Leave your email and we will send our answer there.",
  staffTyping: "Support is typing…",
  read: "Read",
}

/** The coming-soon block's texts and the back-in-stock form's, carried by their own script. */
export const COMING_SOON_LABELS = {
  comingSoon: "Coming soon",
  arrives: (date: string) => `Arrives ${date}`,
  countdownLabel: "Time until launch",
  days: "Days",
  hours: "Hours",
  minutes: "Minutes",
  seconds: "Seconds",
  signupIntro: "Be the first to know when it lands.",
  signupEmailLabel: "Email address",
  notifyMe: "Notify me",
  signingUp: "Signing you up…",
  signupSuccess: "You are on the list! We will email you at launch.",
  signupConfirm: "Almost there: open the link we just emailed you to confirm your address.",
  signupFailed: "Something went wrong. Please try again.",
  signupRateLimited: (minutes: number) =>
    `Too many signups from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  captchaRequired: "Please complete the verification first.",
  formsEmbedTitle: "Signup form",
  shareIntro: "Tell your friends:",
  shareFacebook: "Share on Facebook",
  shareX: "Share on X",
  /** The signup's place in line (CONTRACT §12), numbers grouped as English writes them. */
  placeInLine: (position: number, total: number) =>
    `You are #${position.toLocaleString("en")} of ${total.toLocaleString("en")} — share to move up`,
  shareText: (title: string) => `${title}: coming soon. Join the waitlist!`,
  preorder: "Pre-order",
  preorderNote: "Or order it now: it ships at launch.",
  unavailable: "This product isn't available to buy right now.",
  backInStockIntro: "Sold out for now. Leave your email and we'll tell you when it's back.",
  notifyWhenBack: "Notify me when it's back",
  backInStockSuccess: "Thanks! We'll email you when it's back in stock.",
  consentLabel: "I agree to receive emails about this product and know I can unsubscribe at any time.",
  consentRequired: "Please tick the box to agree first.",
}

export type ChatLabels = typeof CHAT_LABELS
/** Every text the widgets show; a store overrides any of them through the `labels` option. */
export type Labels = ChatLabels & typeof COMING_SOON_LABELS
/**
 * Texts of the chat's on-demand part (launchdesk-chat-extras.js) that a store may set too; their
 * defaults live with the part (elements/link-offer.ts).
 */
export type ChatExtrasLabels = {
  /** Signed in over the browser's guest conversation: the question. */
  linkOffer: string
  keepConversation: string
  startNewConversation: string
}
export type LabelOverrides = Partial<Labels & ChatExtrasLabels>
type AllLabels = Labels & ChatExtrasLabels
/** Texts as a store writes them: ICU messages (`{count, plural, one {…} other {…}}`), or functions from a React app. */
export type LabelMessages = { [K in keyof AllLabels]?: AllLabels[K] | string }
/**
 * The `labels` option: texts for every language, and per locale under its tag
 * (`{ chatTitle: "Help", de: { chatTitle: "Hilfe" } }`); the locale's own win.
 */
export type LabelsOption = LabelMessages & { [locale: string]: LabelMessages | string | ((...values: never[]) => string) | undefined }

export const withChatLabels = (overrides?: LabelOverrides): ChatLabels => ({ ...CHAT_LABELS, ...overrides })

/** "in 45 seconds", "in 2 minutes": how long a shopper waits, in their language. */
export function waitText(seconds: number, locale: string): string {
  const minutes = seconds >= 90
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(minutes ? Math.ceil(seconds / 60) : seconds, minutes ? "minute" : "second")
}
