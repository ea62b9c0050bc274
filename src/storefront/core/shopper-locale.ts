import { canonicalLocale, languageOf, matchLocale, WIDGET_LOCALES } from "../../shared/browser-safe/locale"
import type { CompiledLabel } from "../i18n/compile-labels"
import { LABEL_ARGUMENTS } from "../../shared/browser-safe/widget-label-arguments"
import type { LabelOverrides, LabelsOption } from "./labels"

/** The languages the widget's own texts come in (src/shared/browser-safe/widget-messages/<tag>.json); the server picks a store's overrides by them. */
export const BUNDLED_LOCALES = WIDGET_LOCALES
const RIGHT_TO_LEFT = ["ar", "fa", "he", "ur"]

/**
 * The shopper's locale: `tag`, the one asked for (the `locale` option, else `<html lang>`, else
 * the browser's languages), sent to the backend as `x-medusa-locale`; `lang`, the bundled
 * language the widget's texts, numbers and dates are in (the tag's, else English), with its
 * writing direction.
 */
export type ShopperLocale = { tag: string; lang: string; dir: "ltr" | "rtl" }

export function resolveLocale(option?: string, page: { lang?: string; languages?: readonly string[] } = {}): ShopperLocale {
  const tag = [option, page.lang, ...(page.languages ?? [])].map(canonicalLocale).find(Boolean) ?? "en"
  const lang = matchLocale(tag, BUNDLED_LOCALES) ?? "en"
  return { tag, lang, dir: RIGHT_TO_LEFT.includes(languageOf(lang)) ? "rtl" : "ltr" }
}

/** A locale's part (launchdesk-locale-<tag>.js): its messages and the compiler of ICU messages. */
export type LocaleModule = {
  messages: Readonly<Record<string, string>>
  compile(messages: Readonly<Record<string, unknown>>, locale: string): Record<string, CompiledLabel>
}

/** The store's labels for `lang`: those set for every language, then the locale's own (`labels: { de: { … } }`). */
export function overridesFor(option: LabelsOption | undefined, lang: string): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  let own: unknown
  for (const [key, value] of Object.entries(option ?? {})) {
    if (key.toLowerCase() === lang.toLowerCase()) own = value
    else if (typeof value !== "object") flat[key] = value
  }
  return { ...flat, ...(own && typeof own === "object" ? own : {}) }
}

/**
 * The labels over English for `locale`: the bundled language's texts and the store's. English
 * with plain-text overrides needs nothing more; another language, or an override with values
 * (`unread: "{count, plural, …}"`), loads the locale's part, which compiles the messages. When
 * that part cannot load, English and the plain overrides stay.
 */
export async function localizedLabels(
  option: LabelsOption | undefined,
  locale: ShopperLocale,
  load: (lang: string) => Promise<LocaleModule>
): Promise<LabelOverrides> {
  const overrides = overridesFor(option, locale.lang)
  const plain = Object.fromEntries(Object.entries(overrides).filter(([key, value]) => !(typeof value === "string" && key in LABEL_ARGUMENTS)))
  if (locale.lang === "en" && Object.keys(plain).length === Object.keys(overrides).length) return plain as LabelOverrides
  try {
    const part = await load(locale.lang)
    return part.compile({ ...part.messages, ...overrides }, locale.lang) as LabelOverrides
  } catch (error) {
    console.warn(`[LaunchDesk] the ${locale.lang} texts could not load:`, error)
    return plain as LabelOverrides
  }
}
