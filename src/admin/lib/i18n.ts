import { getI18n, useTranslation } from "react-i18next"

/** The plugin's namespace in the dashboard's translations (`src/admin/i18n`). */
export const NAMESPACE = "launchdesk"

/** The plugin's strings in the admin user's language: `const { t } = useT()`. */
export const useT = () => useTranslation(NAMESPACE)

/**
 * The dashboard's language code as a BCP 47 tag for `Intl`: the dashboard names some of its
 * languages without a hyphen ("ptBR", "zhCN", "enGB").
 */
export function localeTag(code: string | undefined) {
  const match = /^([a-z]{2,3})([A-Z]{2})$/.exec(code ?? "")
  return match ? `${match[1]}-${match[2]}` : code || "en"
}

/** The admin user's language as a BCP 47 tag, for dates and numbers outside a component. */
export const currentLocale = () => localeTag(getI18n()?.language)

/** A plugin string outside a component (formatters, toasts); the key itself before i18n starts. */
export const t = (key: string, options?: Record<string, unknown>): string => {
  const i18n = getI18n()
  return i18n ? i18n.t(key, { ns: NAMESPACE, ...options }) : key
}
