// Discord's markdown escaping, kept here so the store's backend needs no discord.js (about
// 10 MB with its helpers; only the companion bot's Gateway uses it). The rules are
// @discordjs/formatters' `escapeMarkdown` (Apache-2.0) with every option on, masked links,
// headings and lists included; a unit test checks them against discord.js's own.

/** Runs of "_" or "*" pair up: the opening one of a pair is escaped before, the closing after. */
function pairEscaper(single: string, double: string) {
  let index = 0
  return (_: string, match: string) => {
    if (match === double) return ++index % 2 ? `\\${single}${match}` : `${match}\\${single}`
    return `\\${single}${match}`
  }
}

function escapeItalic(text: string): string {
  const stars = text.replace(/(?<=^|[^*])(?<!(?<!<)https?:\/\/\S*|<[^\s:]+:\/[^\s>]*)\*([^*]|\*\*|$)/g, pairEscaper("*", "**"))
  return stars.replace(
    /(?<=^|[^_])(?<!<a?:.+|(?<!<)https?:\/\/\S*|<[^\s:]:\/[^\s>]*)_(?!:\d+>)([^_]|__|$)/g,
    pairEscaper("_", "__")
  )
}

/** A run of three marks: its odd one goes outside the escaped pair, alternating by position. */
function tripleEscaper(mark: string) {
  let index = 0
  return (_: string, odd: string | undefined) => {
    if (odd) return ++index % 2 ? `${odd}\\${mark}\\${mark}` : `\\${mark}\\${mark}${odd}`
    return `\\${mark}\\${mark}`
  }
}

/** Every markdown construct Discord renders made literal (same output as discord.js's `escapeMarkdown` with all options). */
export function escapeMarkdown(text: string): string {
  let out = text.replace(/\\/g, "\\\\")
  out = out.replace(/(?<=^|[^`])``?(?=[^`]|$)/g, (match) => (match.length === 2 ? "\\`\\`" : "\\`"))
  out = out.replace(/```/g, "\\`\\`\\`")
  out = escapeItalic(out)
  out = out.replace(/\*\*(\*)?/g, tripleEscaper("*"))
  out = out.replace(/(?<!<a?:.+|https?:\/\/\S+)__(_)?(?!:\d+>)/g, tripleEscaper("_"))
  out = out.replace(/~~/g, "\\~\\~")
  out = out.replace(/\|\|/g, "\\|\\|")
  out = out.replace(/^( {0,2})([*-] )?( *)(#{1,3} )/gm, "$1$2$3\\$4")
  out = out.replace(/^( *)([*-])( +)/gm, "$1\\$2$3")
  out = out.replace(/^( *\d+)\./gm, "$1\\.")
  return out.replace(/\[.+]\(.+\)/gm, "\\$&")
}

const URL_PATTERN = /https?:\/\/[^\s<>]+/gi
// Punctuation that ends a sentence or markup rather than the URL: "(see https://x.test)."
const TRAILING_PUNCTUATION = /[.,;:!?'"*_~`|\]]$/

/** The URL a match really is, without the sentence punctuation (or unbalanced ")") after it. */
function urlPart(match: string): string {
  let url = match
  for (;;) {
    const opened = url.split("(").length
    const closed = url.split(")").length
    if (TRAILING_PUNCTUATION.test(url) || (url.endsWith(")") && closed > opened)) {
      url = url.slice(0, -1)
    } else {
      return url
    }
  }
}

function escapePlain(text: string): string {
  return (
    escapeMarkdown(text)
      // The "[" of a masked link whose URL was cut out of this text (it is escaped only as a
      // whole): any "[" not already escaped, that is not after an odd run of backslashes.
      .replace(/(\\*)\[/g, (run: string, backslashes: string) => (backslashes.length % 2 ? run : `${backslashes}\\[`))
      // Block quotes and subtext, which escapeMarkdown leaves.
      .replace(/^([ \t]*)(>|-#)/gm, "$1\\$2")
      // User, role and channel mentions, custom emoji, timestamps, slash-command links.
      .replace(/<(?=[@#:/]|a:|t:)/g, "\\<")
      // allowed_mentions stops the ping; this keeps the text from reading as one.
      .replace(/@(everyone|here)/gi, "@\u200b$1")
  )
}

/**
 * Visitor text made literal for a Discord message: markdown escaped, so `[label](https://evil)`
 * cannot render as a link with a made-up label, and every URL wrapped in `<>`, so it shows as
 * the address it is and unfurls no embed.
 */
export function escapeForDiscord(text: string): string {
  let out = ""
  let from = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0
    const url = urlPart(match[0])
    if (!URL.canParse(url)) continue
    out += `${escapePlain(text.slice(from, start))}<${url}>`
    from = start + url.length
  }
  return out + escapePlain(text.slice(from))
}
