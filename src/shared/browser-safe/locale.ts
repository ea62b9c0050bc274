/**
 * Locale tags, read the same way by the server (both lanes), the widget and the admin:
 * a BCP 47 tag is matched to the languages on offer by exact tag, then by language.
 */

/** The languages the widget's own texts come in (src/shared/browser-safe/widget-messages/<tag>.json). */
export const WIDGET_LOCALES = ["en", "de", "fr", "es", "it", "nl", "pl", "pt-BR", "sv", "ja", "ar"]

/** The longest tag read; anything longer is garbage, not a locale. */
const MAX_TAG_LENGTH = 35

/** `tag` in its canonical form (`pt-br` → `pt-BR`, `EN` → `en`), or undefined when it is not a BCP 47 tag. */
export function canonicalLocale(tag: unknown): string | undefined {
  if (typeof tag !== "string" || tag.length === 0 || tag.length > MAX_TAG_LENGTH) return undefined
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/** The language subtag: `de-AT` → `de`. */
export const languageOf = (tag: string): string => tag.split("-")[0].toLowerCase()

/**
 * The offered locale for `requested`: the same tag, else the offer that is the requested
 * language itself (`de-AT` → `de`), else the first offer in that language (`pt` → `pt-BR`);
 * undefined when none fits or `requested` is not a tag.
 */
export function matchLocale(requested: unknown, offered: readonly string[]): string | undefined {
  const tag = canonicalLocale(requested)
  if (!tag) return undefined
  const exact = offered.find((offer) => offer.toLowerCase() === tag.toLowerCase())
  if (exact) return exact
  const language = languageOf(tag)
  return offered.find((offer) => offer.toLowerCase() === language) ?? offered.find((offer) => languageOf(offer) === language)
}

/** The first of `wanted` (in order of preference) that an offer fits, else `fallback`. */
export function pickLocale(wanted: readonly unknown[], offered: readonly string[], fallback: string): string {
  for (const candidate of wanted) {
    const match = matchLocale(candidate, offered)
    if (match) return match
  }
  return fallback
}
