import { createHash } from "node:crypto"
import type { SignupLinkPurpose } from "./signup-link-token"
import type { SignupLinkWords } from "./signup-link-words"

/**
 * What a signup-link page shows: `ask` (a GET: the question and a button that POSTs the token
 * back, so a mail scanner that follows links changes nothing), `done` (the POST acted) or
 * `invalid` (a token this store did not sign).
 */
export type SignupLinkPageState = "ask" | "done" | "invalid"

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111;background:#fff}" +
  "h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}"

// The one style element, allowed by its hash: the page needs no 'unsafe-inline' at all.
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64")

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string)

/**
 * The plain page a link in an email opens: no script, no outside resource, nothing from the
 * request echoed but a token already verified (and escaped). The `ask` page's form has no
 * `action`, so it posts to the URL it was opened with (its `token` and `locale` included).
 */
export function signupLinkPage(
  purpose: SignupLinkPurpose,
  state: SignupLinkPageState,
  language: { lang: string; words: SignupLinkWords },
  token?: string
): { status: number; html: string } {
  const { words } = language
  const page = words[purpose]
  const [title, text] =
    state === "invalid" ? [words.invalidTitle, page.invalidText] : state === "ask" ? [page.askTitle, page.askText] : [page.doneTitle, page.doneText]
  const form =
    state === "ask" && token
      ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(page.button)}</button></form>`
      : ""
  return {
    status: state === "invalid" ? 400 : 200,
    html: `<!doctype html>
<html lang="${escapeHtml(language.lang)}" dir="${words.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body>
</html>
`,
  }
}

/**
 * Headers of that page: it may not run or load anything, its one form posts only back to this
 * server, and it is never cached or framed.
 */
export const SIGNUP_LINK_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const
