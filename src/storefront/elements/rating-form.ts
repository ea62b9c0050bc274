import type { FeedbackAnswer } from "../core/chat-controller"
import type { ChatExtrasModule, RatingMountArgs } from "../core/globals"
import { h, partStyles } from "./dom"
import { partLabels } from "./part-labels"

// The rating form and transcript offer of a closed chat: part of launchdesk-chat-extras.js, so
// launchdesk.js only learns that the chat closed. Its texts live here; a store overrides them
// with the same keys in the widget's `labels` option.

const DEFAULT_RATING_LABELS = {
  ratingPrompt: "How did we do?",
  ratingScore: "{score} of 5",
  ratingCommentLabel: "Anything to add? (optional)",
  ratingSubmit: "Send rating",
  ratingChooseScore: "Choose from 1 to 5 stars first.",
  ratingThanks: "Thanks for your rating!",
  ratingFailed: "Your rating was not sent. Please try again.",
  transcriptOffer: "Email me this conversation",
  transcriptSent: "The conversation is on its way to your inbox.",
  transcriptConfirm: "Check your inbox: confirm your address there and the conversation follows.",
  transcriptFailed: "The transcript could not be requested. Please try again.",
}
type RatingLabels = typeof DEFAULT_RATING_LABELS

const MAX_SCORE = 5
// As the server allows (src/chat/visitor/validators.ts).
const MAX_COMMENT_LENGTH = 1000

const RATING_CSS = `
.feedback { margin: 0 16px 10px; padding: 12px; border-radius: 12px; background: var(--_bubble); font-size: 14px; }
.feedback fieldset { border: 0; margin: 0; padding: 0; }
.feedback legend { padding: 0; margin-bottom: 4px; font-weight: 600; }
.feedback .stars { display: flex; gap: 2px; }
.feedback .stars label { cursor: pointer; font-size: 26px; line-height: 1; color: var(--_muted); }
.feedback .stars label.on { color: #f5a524; }
.feedback .stars input:focus-visible + label { outline: 2px solid var(--_accent); outline-offset: 2px; border-radius: 4px; }
.feedback textarea {
  display: block; width: 100%; box-sizing: border-box; margin: 6px 0 8px; padding: 8px 10px; resize: vertical;
  border-radius: 8px; border: 1px solid var(--_line); background: var(--_field);
}
.feedback .comment-label { font-size: 13px; color: var(--_muted); }
.feedback .primary { height: auto; padding: 8px 12px; border-radius: 8px; }
.feedback .error { color: var(--_danger); margin: 6px 0 0; }
.feedback p { margin: 0; }
`

type Sent = { rated?: boolean; transcript?: boolean }
const STORAGE_PREFIX = "launchdesk-feedback:"

/** What this browser sent for a close, kept across page loads; storage blocked: this page only. */
function sentFor(closeId: string) {
  const key = STORAGE_PREFIX + closeId
  let sent: Sent = {}
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "{}")
    if (parsed && typeof parsed === "object") sent = parsed
  } catch {
    // Blocked or damaged: as if nothing was sent (the server still refuses a second one).
  }
  return {
    sent,
    mark(done: keyof Sent) {
      sent = { ...sent, [done]: true }
      try {
        localStorage.setItem(key, JSON.stringify(sent))
      } catch {
        // Storage blocked: remembered for this page.
      }
    },
  }
}

/** The store's texts over the defaults. */
const ratingLabels = (given: Readonly<Record<string, unknown>>): RatingLabels => partLabels(DEFAULT_RATING_LABELS, given)

/** Five radio buttons drawn as stars; `selected` follows the choice. */
function starPicker(labels: RatingLabels) {
  const stars = h("div", { class: "stars" })
  const starLabels: HTMLLabelElement[] = []
  const inputs: HTMLInputElement[] = []
  for (let score = 1; score <= MAX_SCORE; score++) {
    const name = labels.ratingScore.replace("{score}", String(score))
    const input = h("input", { type: "radio", name: "score", id: `rating-score-${score}`, value: String(score), class: "sr-only" })
    const label = h("label", { for: `rating-score-${score}`, title: name }, h("span", { "aria-hidden": "true" }, "★"), h("span", { class: "sr-only" }, name))
    inputs.push(input)
    starLabels.push(label)
    stars.append(input, label)
  }
  const selected = () => Number(inputs.find((input) => input.checked)?.value ?? 0)
  stars.addEventListener("change", () => starLabels.forEach((label, index) => label.classList.toggle("on", index < selected())))
  return { stars, selected }
}

/** The transcript button: one request, then what became of it. */
type FeedbackResult = "stored" | "confirm_email" | "failed"

const resultOf = (answer: FeedbackAnswer): FeedbackResult =>
  answer === false ? "failed" : typeof answer === "object" && answer.confirmation_sent === true ? "confirm_email" : "stored"

function transcriptOffer(labels: RatingLabels, request: () => Promise<FeedbackResult>) {
  const button = h("button", { type: "button", class: "link", "data-action": "transcript" }, labels.transcriptOffer)
  const status = h("p", { role: "status", hidden: true })
  const said: Record<FeedbackResult, string> = {
    stored: labels.transcriptSent,
    confirm_email: labels.transcriptConfirm,
    failed: labels.transcriptFailed,
  }
  button.addEventListener("click", async () => {
    button.disabled = true
    const result = await request()
    status.textContent = said[result]
    status.hidden = false
    button.hidden = result !== "failed"
    button.disabled = false
  })
  return h("div", { class: "transcript" }, button, status)
}

function mountRating(container: HTMLElement, { labels: given, closeId, emailSaved, send: post }: RatingMountArgs): () => void {
  const labels = ratingLabels(given)
  const memory = sentFor(closeId)
  const rated = memory.sent.rated === true
  const { stars, selected } = starPicker(labels)
  const comment = h("textarea", { id: "rating-comment", name: "comment", rows: "2", maxlength: String(MAX_COMMENT_LENGTH) })
  const send = h("button", { type: "submit", class: "primary" }, labels.ratingSubmit)
  const error = h("p", { class: "error", role: "alert", hidden: true })
  const form = h(
    "form",
    { class: "rating", novalidate: true, hidden: rated },
    h("fieldset", {}, h("legend", {}, labels.ratingPrompt), stars),
    h("label", { for: "rating-comment", class: "comment-label" }, labels.ratingCommentLabel),
    comment,
    send,
    error
  )
  const thanks = h("p", { class: "thanks", role: "status", hidden: !rated }, labels.ratingThanks)
  // A star chosen answers "choose a star first".
  stars.addEventListener("change", () => (error.hidden = true))
  form.addEventListener("submit", async (event) => {
    event.preventDefault()
    const score = selected()
    error.hidden = score > 0
    error.textContent = score ? "" : labels.ratingChooseScore
    if (!score) return
    send.disabled = true
    const text = comment.value.trim()
    const stored = resultOf(await post("/rating", text ? { score, comment: text } : { score })) !== "failed"
    if (stored) memory.mark("rated")
    send.disabled = false
    form.hidden = stored
    thanks.hidden = !stored
    error.hidden = stored
    error.textContent = stored ? "" : labels.ratingFailed
  })
  const requestTranscript = async () => {
    const result = resultOf(await post("/transcript", {}))
    if (result !== "failed") memory.mark("transcript")
    return result
  }
  const offerTranscript = emailSaved && !memory.sent.transcript
  container.replaceChildren(partStyles(container, RATING_CSS) ?? "", form, thanks, offerTranscript ? transcriptOffer(labels, requestTranscript) : "")
  return () => container.replaceChildren()
}

export const ratingForm: ChatExtrasModule["rating"] = { mount: mountRating }
