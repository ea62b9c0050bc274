// What every component and hook of the React bindings starts from: the provider's settings and
// the shopper's locale. Small on purpose: it is in the module every page loads (the labels come
// with the parts that show them, labels.ts).
import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from "react"
import { resolveOptions, type LaunchDeskOptions, type ResolvedOptions } from "../core/config"
import { rememberSharedBy } from "../core/referral"
import { resolveLocale, type ShopperLocale } from "../core/shopper-locale"

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
