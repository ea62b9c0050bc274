import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { COMING_SOON_MODULE, type ComingSoonModuleService } from "../modules/coming-soon"
import { savedSettingsOf } from "./saved-settings"
import { loadComingSoonSettings, type ComingSoonSettings } from "../coming-soon/settings"
import { comingSoonConfig, launchBackendUrl, type ComingSoonConfig } from "../coming-soon/options"
import { paceOf } from "../modules/launchdesk/sql/call-budget-repository"
import type { EmailBudget } from "../coming-soon/launch-emails"
import { signupTokenKey } from "../coming-soon/signup-token"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { mailerBudget, type MailerBudget, type MailerTarget } from "../coming-soon/sync"
import { loadProductWithSettings } from "../coming-soon/product-settings"
import type { ProductConfigDeps } from "../coming-soon/storefront-config"
import { resolveLocale } from "../shared/locale"
import { sessionLabelsFor } from "../chat/settings"
import { storeLanguagesOf } from "./locale"
import { widgetLabelSettingsOf } from "./chat"

/** Wiring of the coming-soon code to Medusa's container, shared by routes, steps and the job. */
export const comingSoonModule = (container: MedusaContainer) =>
  container.resolve<ComingSoonModuleService>(COMING_SOON_MODULE)

export const comingSoonConfigOf = (container: MedusaContainer): ComingSoonConfig =>
  comingSoonConfig(comingSoonModule(container).options)

export async function comingSoonSettingsOf(container: MedusaContainer): Promise<ComingSoonSettings> {
  return loadComingSoonSettings(await savedSettingsOf(container), comingSoonModule(container).options)
}

export async function mailerTargetOf(container: MedusaContainer): Promise<MailerTarget> {
  const config = comingSoonConfigOf(container)
  const settings = await comingSoonSettingsOf(container)
  return { baseUrl: config.mailer.baseUrl, timeoutMs: config.mailer.timeoutMs, apiKey: settings.mailer_api_key }
}

/** The mailing-list provider's rate limit (`mailer.requestsPerMinute`), shared through the database. */
export async function mailerBudgetOf(container: MedusaContainer): Promise<MailerBudget> {
  const calls = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).callBudget()
  return mailerBudget(calls, comingSoonConfigOf(container).mailer.requestsPerMinute)
}

/** The call-budget scope of emails to signups (named before confirmation emails shared it). */
export const EMAIL_BUDGET_SCOPE = "launch-emails"

/** The store's email rate (`launch.emailsPerMinute`), shared through the database by launch and confirmation emails. */
export async function emailBudgetOf(container: MedusaContainer): Promise<EmailBudget> {
  const calls = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).callBudget()
  const perMinute = comingSoonConfigOf(container).launch.emailsPerMinute
  return { take: (emails) => calls.pace(EMAIL_BUDGET_SCOPE, perMinute, emails), perTake: paceOf(perMinute).burst }
}

/** This server's public URL, for the links in emails to signups (the plugin's one `backendUrl` serves both features). */
export function emailBackendUrlOf(container: MedusaContainer): string {
  const configModule = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const pluginBackendUrl = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).options.backendUrl
  return launchBackendUrl(comingSoonConfigOf(container), pluginBackendUrl, configModule.admin?.backendUrl)
}

/**
 * The signup-token key (signup, unsubscribe and confirmation tokens, launch codes): the
 * `signupTokenSecret` option when set, else the key the plugin generated and keeps in the
 * database. Never Medusa's cookie or JWT secret.
 */
export async function signupTokenKeyOf(container: MedusaContainer): Promise<Buffer> {
  const configured = comingSoonModule(container).options.signupTokenSecret
  if (typeof configured === "string" && configured.trim()) return signupTokenKey(configured)
  return signupTokenKey(await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).signingKey())
}

/** What the widget's config read needs, from Medusa's container. */
export function productConfigDepsOf(container: MedusaContainer): ProductConfigDeps {
  return {
    config: comingSoonConfigOf(container),
    tokenKey: () => signupTokenKeyOf(container),
    settings: () => comingSoonSettingsOf(container),
    findProduct: (productId) => loadProductWithSettings(container, productId),
    locale: async (requested) => resolveLocale(requested, await storeLanguagesOf(container)),
    labels: async (requested, locale) => sessionLabelsFor(await widgetLabelSettingsOf(container), requested, locale),
  }
}
