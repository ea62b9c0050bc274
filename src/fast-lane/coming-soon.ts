import type { SupportChatOptions } from "../modules/support-chat/types"
import { CallBudgetRepository } from "../modules/launchdesk/sql/call-budget-repository"
import { RateLimitRepository } from "../modules/launchdesk/sql/rate-limit-repository"
import { SettingsRepository } from "../modules/launchdesk/sql/settings-repository"
import { SigningKeyRepository } from "../modules/launchdesk/sql/signing-key-repository"
import { StoreLanguagesRepository } from "../modules/launchdesk/sql/store-languages-repository"
import { SignupRepository } from "../modules/coming-soon/sql/signup-repository"
import { WaitlistRepository } from "../modules/coming-soon/sql/waitlist-repository"
import { StoreProductRepository } from "../modules/coming-soon/sql/product-setting-repository"
import { comingSoonConfig } from "../coming-soon/options"
import { loadComingSoonSettings, type ComingSoonSettings } from "../coming-soon/settings"
import { signupTokenKey } from "../coming-soon/signup-token"
import { mailerBudget } from "../coming-soon/sync"
import { recordSignup } from "../coming-soon/signup-record"
import type { SignupDeps } from "../coming-soon/signup"
import type { ProductConfigDeps } from "../coming-soon/storefront-config"
import { CONSENT_LABEL, consentTextFor } from "../coming-soon/consent"
import { loadChatSettings, sessionLabelsFor } from "../chat/settings"
import { resolveLocale, storeLanguages } from "../shared/locale"
import type { SqlRunner } from "../shared/sql"

/** What the fast lane's coming-soon routes run on: the same feature functions as Medusa's routes, over the lane's pool. */
export type ComingSoonLane = {
  /** The deps of one signup request (its settings are read once, as on Medusa's lane). */
  signupDeps: () => Promise<SignupDeps>
  productConfigDeps: ProductConfigDeps
  /** The store's language for the locales a request asks for. */
  locale: (requested: readonly unknown[]) => Promise<string>
  /** The consent checkbox's text for a request in `locale` (the store's override, else the block's own). */
  consentText: (requested: readonly unknown[], locale: string) => () => Promise<string>
}

export type ComingSoonLaneInput = {
  sql: SqlRunner
  options: SupportChatOptions
  /** Wakes the Medusa processes' relay after a new row's event was recorded. */
  announce: () => Promise<void>
  warn: (message: string) => void
}

export function comingSoonLane({ sql, options, announce, warn }: ComingSoonLaneInput): ComingSoonLane {
  const config = comingSoonConfig(options)
  const settingsStore = new SettingsRepository(sql)
  const languages = new StoreLanguagesRepository(sql)
  const products = new StoreProductRepository(sql)
  const signups = new SignupRepository(sql, { maxSyncAttempts: options.maxDeliveryAttempts })
  const waitlist = new WaitlistRepository(sql)
  const limiter = new RateLimitRepository(sql)
  const budget = mailerBudget(new CallBudgetRepository(sql), config.mailer.requestsPerMinute)
  const keys = new SigningKeyRepository(sql)
  const configured = typeof options.signupTokenSecret === "string" && options.signupTokenSecret.trim() ? options.signupTokenSecret : null
  // Read per request, as Medusa's lane does: a key generated anew (a restored database) is the one both lanes use.
  const tokenKey = async () => signupTokenKey(configured ?? (await keys.key()))
  const findProduct = (productId: string) => products.productWithSetting(productId)
  const locale = async (requested: readonly unknown[]) => resolveLocale(requested, storeLanguages(await languages.read()))
  const labels = async (requested: readonly unknown[], shown: string) =>
    sessionLabelsFor((await loadChatSettings(settingsStore, options)).widget_labels, requested, shown)

  return {
    signupDeps: async () => {
      let saved: Promise<ComingSoonSettings> | undefined
      const settings = () => (saved ??= loadComingSoonSettings(settingsStore, options))
      return {
        config,
        tokenKey: await tokenKey(),
        settings,
        limiter,
        findProduct,
        record: (input) =>
          recordSignup(
            {
              signups,
              waitlist,
              config,
              settings,
              mailerBudget: async () => budget,
              log: { warn },
              // No event bus and no email here: the row's effect is recorded; wake the relay that runs it.
              afterCreated: () => void announce().catch((error: unknown) => warn(`launchdesk fast lane: waking the signup relay failed: ${error}`)),
              startsConfirmation: false,
            },
            input
          ),
        warn,
      }
    },
    productConfigDeps: {
      config,
      tokenKey,
      settings: () => loadComingSoonSettings(settingsStore, options),
      findProduct,
      locale,
      labels,
    },
    locale,
    consentText: (requested, shown) => async () => consentTextFor((await labels(requested, shown))[CONSENT_LABEL], requested, shown),
  }
}
