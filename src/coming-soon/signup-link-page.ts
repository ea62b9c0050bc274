import { PLAIN_PAGE_HEADERS, escapeHtml, plainPage } from "../shared/plain-page"
import { pageWords, type SignupLinkPageKind, type SignupLinkWords } from "./signup-link-words"

/**
 * What a signup-link page shows: `ask` (a GET: the question and a button that POSTs the token
 * back, so a mail scanner that follows links changes nothing), `done` (the POST acted) or
 * `invalid` (a token this store did not sign).
 */
export type SignupLinkPageState = "ask" | "done" | "invalid"

/**
 * The plain page a link in an email opens: no script, no outside resource, nothing from the
 * request echoed but a token already verified (and escaped). The `ask` page's form has no
 * `action`, so it posts to the URL it was opened with (its `token` and `locale` included).
 */
export function signupLinkPage(
  kind: SignupLinkPageKind,
  state: SignupLinkPageState,
  language: { lang: string; words: SignupLinkWords },
  token?: string
): { status: number; html: string } {
  const { words } = language
  const page = pageWords(words, kind)
  const [title, text] =
    state === "invalid" ? [words.invalidTitle, page.invalidText] : state === "ask" ? [page.askTitle, page.askText] : [page.doneTitle, page.doneText]
  const form =
    state === "ask" && token
      ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(page.button)}</button></form>`
      : ""
  return {
    status: state === "invalid" ? 400 : 200,
    html: plainPage({ lang: language.lang, dir: words.dir, title, text, form }),
  }
}

/**
 * Headers of that page: it may not run or load anything, its one form posts only back to this
 * server, and it is never cached or framed.
 */
export const SIGNUP_LINK_PAGE_HEADERS = PLAIN_PAGE_HEADERS
