/**
 * Slack message markup to the plain text the chat shows: `<@U1|ada>` → `@ada`,
 * `<https://x|label>` → `label (https://x)`, `<!here>` → `@here`, entities decoded.
 * `userName` resolves a mention that carries no label.
 */
export async function slackTextToPlain(text: string, userName: (userId: string) => Promise<string>): Promise<string> {
  const tokens = [...text.matchAll(/<([^<>]+)>/g)]
  const replacements = await Promise.all(tokens.map(([, inner]) => renderToken(inner, userName)))
  let plain = ""
  let last = 0
  tokens.forEach((token, index) => {
    plain += text.slice(last, token.index) + replacements[index]
    last = (token.index ?? 0) + token[0].length
  })
  plain += text.slice(last)
  return plain.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").trim()
}

async function renderToken(inner: string, userName: (userId: string) => Promise<string>): Promise<string> {
  const [target, label] = inner.split("|", 2)
  if (target.startsWith("@")) return `@${label ?? (await userName(target.slice(1)))}`
  if (target.startsWith("#")) return `#${label ?? "channel"}`
  if (target.startsWith("!")) return label ?? `@${target.slice(1).split("^")[0]}`
  if (target.startsWith("mailto:")) return label ?? target.slice("mailto:".length)
  return label && label !== target ? `${label} (${target})` : target
}
