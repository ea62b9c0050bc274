import { BUNDLED_MESSAGES } from "../shared/browser-safe/widget-messages"
import { formatMessage, parseMessage } from "../shared/browser-safe/message-format"
import { canonicalLocale, matchLocale, WIDGET_LOCALES } from "../shared/browser-safe/locale"
import { FALLBACK_LOCALE } from "../shared/locale"
import type { ComingSoonSettings } from "./settings"

/** The block's label whose text the consent checkbox shows (a store overrides it per locale). */
export const CONSENT_LABEL = "consentLabel"

export const CONSENT_MESSAGES = {
  required: "Please tick the consent box to sign up.",
} as const

/** The consent checkbox as the storefront's forms show it; null when the store shows none. */
export type ConsentSetting = { required: boolean; text: string }

/**
 * What the consent checkbox says to a shopper, and what a signup that ticks it keeps: the
 * store's text for the shopper's language (its override of `consentLabel`, picked as the block's
 * other overrides are), else the block's own text in the language the block shows. The forms
 * show this text as the server sends it, so the row keeps exactly what was shown.
 */
export function consentTextFor(storeText: string | undefined, requested: readonly unknown[], locale: string): string {
  const asked = requested.map(canonicalLocale).find(Boolean) ?? locale
  const shown = matchLocale(asked, WIDGET_LOCALES) ?? FALLBACK_LOCALE
  for (const source of [storeText, BUNDLED_MESSAGES[shown]?.[CONSENT_LABEL], BUNDLED_MESSAGES[FALLBACK_LOCALE][CONSENT_LABEL]]) {
    if (!source?.trim()) continue
    try {
      return formatMessage(parseMessage(source), {}, shown).trim()
    } catch {
      // Overrides are checked when saved; an unreadable one falls back to the block's own.
    }
  }
  return ""
}

/** The store's consent checkbox for this request, or null when it shows none. */
export function consentSetting(settings: ComingSoonSettings, text: () => string): ConsentSetting | null {
  if (!showsConsent(settings)) return null
  return { required: settings.require_consent, text: text() }
}

/** Whether the store's forms show the consent checkbox. */
export const showsConsent = (settings: ComingSoonSettings) => settings.consent_enabled || settings.require_consent

/**
 * A signup's consent, after its email is checked: `refused` when the store requires it and the
 * body did not tick it (only `consent: true` counts); else the text to keep with the row, null
 * when no checkbox was shown or it was left unticked. `text` answers this request's text (see
 * `consentTextFor`); without it, the block's own text in the signup's locale.
 */
export async function consentOf(
  settings: ComingSoonSettings,
  consent: unknown,
  text: (() => Promise<string>) | undefined,
  locale: string | null | undefined
): Promise<{ refused: true } | { refused: false; text: string | null }> {
  const ticked = consent === true
  if (settings.require_consent && !ticked) return { refused: true }
  if (!ticked || !showsConsent(settings)) return { refused: false, text: null }
  return { refused: false, text: text ? await text() : consentTextFor(undefined, [], locale ?? FALLBACK_LOCALE) }
}
