// The labels of the React bindings, loaded on demand with the parts that show them: the bundled
// language's messages come one file per language (a bundler makes each its own chunk), compiled
// by the same reader the script tag's language files carry.
import { withLabels } from "../core/default-labels"
import type { LabelOverrides, Labels, LabelsOption } from "../core/labels"
import { localizedLabels, overridesFor, type LocaleModule, type ShopperLocale } from "../core/shopper-locale"
import { compileLabels } from "../i18n/compile-labels"
import { shopperLocale } from "./context"

export type LocalizedLabels = Labels & { locale: ShopperLocale }

async function bundledLanguage(lang: string): Promise<LocaleModule> {
  const file = (await import(`../../shared/browser-safe/widget-messages/${lang}.json`)) as { default: Record<string, string> }
  return { messages: file.default, compile: compileLabels }
}

// Keyed by the overrides' text (function labels left out, as useLabels did): the same settings give
// the same object, so an inline `labels={{ … }}` recreates no controller.
const loaded = new Map<string, Promise<LocalizedLabels>>()

/** Every label in the shopper's language: the page's overrides (for every language, then the locale's) over the bundled ones. */
export function loadLabels(option: LabelsOption | undefined, localeOption: string | undefined): Promise<LocalizedLabels> {
  const locale = shopperLocale(localeOption)
  const key = `${locale.tag}|${JSON.stringify(option ?? {})}`
  let labels = loaded.get(key)
  if (!labels) {
    labels = localizedLabels(option, locale, bundledLanguage).then((overrides) => ({ ...withLabels(overrides), locale }))
    loaded.set(key, labels)
  }
  return labels
}

/**
 * The store's overrides from the admin (the coming-soon lookup's `labels`, ICU messages) over
 * `shown`, never over a label the page set itself (`option`).
 */
export function withStoreLabels<T extends Labels & { locale: ShopperLocale }>(shown: T, messages: Record<string, string> | undefined, option: LabelsOption | undefined): T {
  if (!messages) return shown
  const pinned = overridesFor(option, shown.locale.lang)
  const store = Object.fromEntries(Object.entries(messages).filter(([key]) => !(key in pinned)))
  return { ...shown, ...(compileLabels(store, shown.locale.lang) as LabelOverrides) }
}
