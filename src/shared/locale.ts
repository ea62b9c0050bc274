import { canonicalLocale, matchLocale, pickLocale } from "./browser-safe/locale"

/**
 * The shopper's locale on both lanes (CONTRACT §9), read one way: the `x-medusa-locale`
 * header, else the `locale` query parameter, matched to the store's languages by exact tag,
 * then by language (`de-AT` → `de`), else the store's default. Garbage is never an error: it
 * matches nothing and the default answers.
 */

/** The header both lanes read first; Medusa's own name for it. */
export const LOCALE_HEADER = "x-medusa-locale"

/** The language when a store chose none. */
export const FALLBACK_LOCALE = "en"

/** The languages a store offers, and the one a request that fits none of them gets. */
export type StoreLanguages = { offered: string[]; fallback: string }

/** What the store's languages are read from (modules/launchdesk/sql/store-languages-repository.ts). */
export type StoreLanguageSources = {
  /** The Store module's `supported_locales`, in the order they were added. */
  store_locales: readonly unknown[]
  /** The plugin's `default_locale` setting, if saved. */
  default_locale: unknown
  /** The tags the chat settings' `translations` name. */
  translated: readonly unknown[]
}

const canonicalTags = (tags: readonly unknown[]) => [
  ...new Set(tags.flatMap((tag) => {
    const canonical = canonicalLocale(tag)
    return canonical ? [canonical] : []
  })),
]

/**
 * A store that set `supported_locales` in Medusa offers those, and its default is the plugin's
 * `default_locale` when one of them fits it, else the first of them. A store that set none
 * offers the plugin's `default_locale` (else "en") and every tag its chat texts are translated to.
 */
export function storeLanguages(sources: StoreLanguageSources): StoreLanguages {
  const chosen = canonicalLocale(sources.default_locale) ?? FALLBACK_LOCALE
  const storeLocales = canonicalTags(sources.store_locales)
  if (storeLocales.length) {
    return { offered: storeLocales, fallback: matchLocale(chosen, storeLocales) ?? storeLocales[0] }
  }
  return { offered: canonicalTags([chosen, ...sources.translated]), fallback: chosen }
}

/** The locales a request asks for, in order: the header, then the query parameter. */
export const requestedLocales = (header: unknown, query: unknown): unknown[] => [header, query]

/** The store's language for what a request asks (`requestedLocales`). */
export const resolveLocale = (requested: readonly unknown[], languages: StoreLanguages): string =>
  pickLocale(requested, languages.offered, languages.fallback)

/** The variant of `translations` for `locale` (exact tag, then language), undefined when none fits. */
export function variantFor<T>(translations: Readonly<Record<string, T>> | null | undefined, locale: string | null | undefined): T | undefined {
  if (!translations || !locale) return undefined
  const key = matchLocale(locale, Object.keys(translations))
  return key === undefined ? undefined : translations[key]
}
