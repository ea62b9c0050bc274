import { createHash } from "node:crypto"

// The plain pages a link in an email opens (transcript confirmation, signup confirm and
// unsubscribe): one look, one policy, one way of choosing their language.

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111;background:#fff}" +
  "h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}"

// The page's one style element, allowed by its hash: no 'unsafe-inline' at all.
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64")

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string)

/**
 * A page with no script and no outside resource: a title, a text and, when given, a form (its
 * HTML built by the caller from escaped parts). Only `lang` and `dir` come from outside the
 * catalogues, and `lang` is escaped.
 */
export function plainPage({ lang, dir, title, text, form = "" }: { lang: string; dir: "ltr" | "rtl"; title: string; text: string; form?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body>
</html>
`
}

/** Headers of such a page: it may not run or load anything, its form posts only back to this server, and it is never cached or framed. */
export const PLAIN_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const

/** Language tags from an `Accept-Language` header, most wanted first (`q=0` and `*` left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";")
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/**
 * The first of `wanted` (BCP 47 tags, in order) that `available` has, by exact tag
 * (case-insensitive), then by language (`de-AT` → `de`, `pt` → `pt-BR`); else `fallback`.
 */
export function matchLanguage(wanted: readonly string[], available: readonly string[], fallback: string): string {
  for (const candidate of wanted) {
    const want = candidate.trim().toLowerCase()
    if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(want)) continue
    const language = want.split("-")[0]
    const found =
      available.find((tag) => tag.toLowerCase() === want) ??
      available.find((tag) => tag.toLowerCase() === language) ??
      available.find((tag) => tag.toLowerCase().split("-")[0] === language)
    if (found) return found
  }
  return fallback
}
