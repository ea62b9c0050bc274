import { canonicalLocale } from "../../shared/browser-safe/locale"
import { formatLanguage } from "./format"
import { t } from "./i18n"

// Per-locale variants of the texts a store writes (CONTRACT §9): `translations: { "<tag>":
// { ...fields } }` on the wire, rows in the forms' translations editor.

/** One text of the record that takes per-locale variants. */
export type TranslatedField = { key: string; label: string; multiline?: boolean; required?: boolean }

/** One locale's variant as edited: its tag as typed and each field's text. */
export type TranslationRow = { locale: string; values: Record<string, string> }

/** The variants stored (`translations: { "<tag>": { ...fields } }`, CONTRACT §9) as rows to edit. */
export const rowsOf = (translations: Record<string, Record<string, string | null | undefined>> | null | undefined): TranslationRow[] =>
  Object.entries(translations ?? {}).map(([locale, values]) => ({
    locale,
    values: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? ""])),
  }))

/**
 * The rows as the API takes them, or why they cannot be saved: each tag a BCP 47 locale
 * (canonical form), once; a required field filled; empty optional fields left out.
 */
export function translationsOf(
  rows: TranslationRow[],
  fields: TranslatedField[]
): { translations: Record<string, Record<string, string>> } | { error: string } {
  const translations: Record<string, Record<string, string>> = {}
  for (const row of rows) {
    const locale = canonicalLocale(row.locale.trim())
    if (!locale) return { error: t("translations.errorLocale", { value: row.locale.trim() }) }
    if (translations[locale]) return { error: t("translations.errorTwice", { language: formatLanguage(locale) }) }
    const values: Record<string, string> = {}
    for (const field of fields) {
      const text = (row.values[field.key] ?? "").trim()
      if (text) values[field.key] = text
      else if (field.required) return { error: t("translations.errorRequired", { field: field.label, language: formatLanguage(locale) }) }
    }
    translations[locale] = values
  }
  return { translations }
}
