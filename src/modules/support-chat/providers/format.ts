import type { BridgePost } from "./provider"

/**
 * The words of a post, the same on every platform: the opening post says which chat it is
 * and how to answer, later visitor messages are labelled, and an agent's reply from the
 * admin is marked as such so the team can tell it from replies made in the thread.
 * `literal` makes a text from outside (message, page URL, name) plain text on the platform.
 */
export function postText(post: BridgePost, opensThread: boolean, literal: (text: string) => string = (text) => text): string {
  const files = post.attachments.map((file) => `[attachment] ${literal(file.name)}${file.url ? ` ${literal(file.url)}` : ""}`)
  const cards = (post.cards ?? []).map((card) => `[product] ${literal(card.title)} ${literal(card.url)}`)
  const message = [literal(post.message), ...files, ...cards].filter(Boolean).join("\n")
  if (post.kind === "agent") {
    return `[${literal(post.author_name?.trim() || "Staff")}, from the store admin] ${message}`
  }
  if (opensThread) {
    const where = post.page_url ? ` on ${literal(post.page_url)}` : ""
    return `New chat #${post.conversation_id} from a visitor${where}. Reply in this thread to answer.\n\n${message}`
  }
  return `Visitor: ${message}`
}

/** A short one-line title for platforms whose threads have names. */
export function threadTitle(post: BridgePost, maxLength: number): string {
  const words = post.message || [...post.attachments.map((file) => file.name), ...(post.cards ?? []).map((card) => card.title)].join(", ")
  const title = `Chat #${post.conversation_id}: ${words.replace(/\s+/g, " ").trim()}`
  const chars = [...title]
  return chars.length <= maxLength ? title : `${chars.slice(0, maxLength - 1).join("")}…`
}

/**
 * Where a piece of at most `maxLength` characters may end without breaking an escape: not
 * right after a backslash that escapes the next character, and not inside a `<https://...>`.
 */
function safeCut(chars: string[], maxLength: number): number {
  let cut = maxLength
  const opening = chars.lastIndexOf("<", cut - 1)
  if (opening > 0 && chars.slice(opening, opening + 5).join("") === "<http" && !chars.slice(opening, cut).includes(">")) {
    cut = opening
  }
  let backslashes = 0
  while (backslashes < cut && chars[cut - 1 - backslashes] === "\\") backslashes++
  // An odd run ends in a backslash that escapes the first character of the next piece.
  return backslashes % 2 === 1 && cut > 1 ? cut - 1 : cut
}

/**
 * Splits text into pieces of at most `maxLength` characters, at a line break when one is near.
 * A piece that is only whitespace is left out: a platform rejects an empty post, and would
 * reject it again on every retry.
 */
export function splitText(text: string, maxLength: number): string[] {
  const pieces: string[] = []
  let rest = [...text]
  while (rest.length > maxLength) {
    const lineBreak = rest.lastIndexOf("\n", maxLength)
    if (lineBreak > maxLength / 2) {
      // The line break itself is dropped: each piece is a post of its own.
      pieces.push(rest.slice(0, lineBreak).join(""))
      rest = rest.slice(lineBreak + 1)
    } else {
      const cut = safeCut(rest, maxLength)
      pieces.push(rest.slice(0, cut).join(""))
      rest = rest.slice(cut)
    }
  }
  pieces.push(rest.join(""))
  return pieces.filter((piece) => piece.trim().length > 0)
}
