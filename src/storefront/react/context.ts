// What every component and hook of the React bindings starts from: the provider's settings,
// the shopper's locale and the labels in its language.
import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from "react"
import { resolveOptions, type LaunchDeskOptions, type ResolvedOptions } from "../core/config"
import { withLabels } from "../core/default-labels"
import type { LabelOverrides, Labels, LabelsOption } from "../core/labels"
import { rememberSharedBy } from "../core/referral"
import { overridesFor, resolveLocale, type ShopperLocale } from "../core/shopper-locale"
import { BUNDLED_MESSAGES } from "../../shared/browser-safe/widget-messages"
import { compileLabels } from "../i18n/compile-labels"

/** The settings every component and hook needs; set them once on <LaunchDeskProvider>, override per component. */
export type LaunchDeskConfig = Partial<
  Pick<
    LaunchDeskOptions,
    | "publishableKey"
    | "backendUrl"
    | "customerToken"
    | "chatBaseUrl"
    | "labels"
    | "locale"
    | "emailOfferAfterSeconds"
    | "pollIntervalMs"
    | "maxPollIntervalMs"
    | "stream"
    | "autoReply"
    | "captchaProvider"
    | "captchaScriptUrl"
    | "nonce"
    | "theme"
    | "regionId"
    | "currencyCode"
  >
>

const LaunchDeskContext = createContext<LaunchDeskConfig>({})

export const isBrowser = () => typeof window !== "undefined"

/** Keeps a landing `?shared_by=` in the `cs_shared_by_id` cookie, whichever page the shopper lands on. */
export function useRememberSharedBy() {
  useEffect(() => {
    rememberSharedBy(location.href)
  }, [])
}

export function LaunchDeskProvider({ children, ...config }: LaunchDeskConfig & { children?: ReactNode }) {
  useRememberSharedBy()
  const { publishableKey, backendUrl, chatBaseUrl, labels, locale, emailOfferAfterSeconds, pollIntervalMs } = config
  const { maxPollIntervalMs, stream, autoReply, captchaProvider, captchaScriptUrl, customerToken, nonce, theme } = config
  const value = useMemo(
    () => config,
    // The fields, not the object: a parent re-render must not recreate the controllers.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `config` is new on every render; its fields are the dependencies
    [publishableKey, backendUrl, chatBaseUrl, labels, locale, emailOfferAfterSeconds, pollIntervalMs, maxPollIntervalMs, stream, autoReply, captchaProvider, captchaScriptUrl, customerToken, nonce, theme]
  )
  return createElement(LaunchDeskContext.Provider, { value }, children)
}

/** The provider's settings with this component's props on top. */
export function useLaunchDeskConfig(overrides: LaunchDeskConfig = {}): ResolvedOptions {
  const context = useContext(LaunchDeskContext)
  const merged: LaunchDeskConfig = { ...context }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Reflect.set(merged, key, value)
  }
  const { publishableKey, backendUrl } = merged
  if (!publishableKey || !backendUrl) {
    throw new Error(
      "LaunchDesk: set publishableKey and backendUrl on <LaunchDeskProvider> or on the component " +
        "(in the Next.js starter: NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY and NEXT_PUBLIC_MEDUSA_BACKEND_URL)."
    )
  }
  return resolveOptions({ ...merged, publishableKey, backendUrl })
}

/** The shopper's locale: the `locale` option, else `<html lang>`, else the browser's languages (English on the server). */
export function shopperLocale(option: string | undefined): ShopperLocale {
  return resolveLocale(option, isBrowser() ? { lang: document.documentElement.lang, languages: navigator.languages } : {})
}

/** Every label in `locale`'s language, the store's (for every language, then for that locale) over the bundled ones. */
export function labelsFor(option: LabelsOption | undefined, locale: ShopperLocale): Labels {
  const messages = { ...BUNDLED_MESSAGES[locale.lang], ...overridesFor(option, locale.lang) }
  return withLabels(compileLabels(messages, locale.lang) as LabelOverrides)
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

/**
 * The locale and the full label set, stable while the overrides' text is the same (keyed by
 * their JSON, which leaves function labels out): an inline `labels={{ … }}` must not recreate
 * controllers, and refetch, on every render.
 */
export function useLabels(option: LabelsOption | undefined, localeOption?: string): Labels & { locale: ShopperLocale } {
  const key = JSON.stringify(option ?? {})
  return useMemo(() => {
    const locale = shopperLocale(localeOption)
    return { ...labelsFor(option, locale), locale }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the overrides' text, not the object a parent renders anew
  }, [key, localeOption])
}
