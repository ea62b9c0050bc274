import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { COMING_SOON_MODULE, type ComingSoonModuleService } from "../modules/coming-soon"
import { savedSettingsOf } from "./saved-settings"
import { loadComingSoonSettings, type ComingSoonSettings } from "../coming-soon/settings"
import { comingSoonConfig, type ComingSoonConfig } from "../coming-soon/options"
import { signupTokenKey } from "../coming-soon/signup-token"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { mailerBudget, type MailerBudget, type MailerTarget } from "../coming-soon/sync"

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

/** The signup-token key: the `signupTokenSecret` option, else derived from Medusa's cookie secret. */
export function signupTokenKeyOf(container: MedusaContainer): Buffer {
  const configured = comingSoonModule(container).options.signupTokenSecret
  const { projectConfig } = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const jwtSecret = projectConfig.http.jwtSecret
  return signupTokenKey(configured || projectConfig.http.cookieSecret || (typeof jwtSecret === "string" ? jwtSecret : ""))
}

