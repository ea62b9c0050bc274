import type { BridgePost } from "./provider"

/**
 * The words of a post, the same on every platform: the opening post says which chat it is
 * and how to answer, later visitor messages are labelled, and an agent's reply from the
 * admin is marked as such so the team can tell it from replies made in the thread.
 */
export function postText(post: BridgePost, opensThread: boolean): string {
  if (post.kind === "agent") {
    return `[${post.author_name?.trim() || "Staff"}, from the store admin] ${post.message}`
  }
  if (opensThread) {
    const where = post.page_url ? ` on ${post.page_url}` : ""
    return `New chat #${post.conversation_id} from a visitor${where}. Reply in this thread to answer.\n\n${post.message}`
  }
  return `Visitor: ${post.message}`
}

/** A short one-line title for platforms whose threads have names. */
export function threadTitle(post: BridgePost, maxLength: number): string {
  const title = `Chat #${post.conversation_id}: ${post.message.replace(/\s+/g, " ").trim()}`
  const chars = [...title]
  return chars.length <= maxLength ? title : `${chars.slice(0, maxLength - 1).join("")}…`
}

/** Splits text into pieces of at most `maxLength` characters, at a line break when one is near. */
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
      pieces.push(rest.slice(0, maxLength).join(""))
      rest = rest.slice(maxLength)
    }
  }
  pieces.push(rest.join(""))
  return pieces.filter((piece) => piece.length > 0)
}
