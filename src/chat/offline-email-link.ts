/** The origins in Medusa's `storeCors` setting written out as plain origins (patterns are skipped). */
function corsOrigins(storeCors: string | undefined): Set<string> {
  const origins = new Set<string>()
  for (const entry of (storeCors ?? "").split(",")) {
    const candidate = entry.trim()
    // Only an exact origin counts: a pattern such as /vercel\.app$/ would admit anyone's site.
    if (!URL.canParse(candidate)) continue
    const { origin } = new URL(candidate)
    if (origin === candidate.replace(/\/+$/, "")) origins.add(origin)
  }
  return origins
}

/**
 * The link in an offline reply email: the `storeUrl` option, else the visitor's page when its
 * origin is one of the store's own (`storeCors`), else none. The page URL comes from the
 * visitor, so without this anyone could make the store email a link of their choosing.
 */
export function offlineEmailLink(
  storeUrl: string | undefined,
  storeCors: string | undefined,
  pageUrl: string | null
): string | null {
  if (storeUrl) {
    return storeUrl
  }
  if (!pageUrl || !URL.canParse(pageUrl)) {
    return null
  }
  const page = new URL(pageUrl)
  if ((page.protocol !== "https:" && page.protocol !== "http:") || page.username || page.password) {
    return null
  }
  return corsOrigins(storeCors).has(page.origin) ? page.href : null
}
