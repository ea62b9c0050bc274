import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { comingSoonConfigOf, comingSoonModule, comingSoonSettingsOf, mailerBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { loadProductWithSettings } from "../coming-soon/product-settings"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { deliverSignupWithin, syncLeaseSeconds } from "../coming-soon/sync"
import { startConfirmation } from "./coming-soon-confirmation"
import type { ComingSoonSettings } from "../coming-soon/settings"
import type { RecordedSignup, RecordSignupInput, SignupDeps } from "../coming-soon/signup"

/**
 * Steps 7 and 8 called directly rather than as a workflow: a workflow run costs more than the
 * statements themselves under a burst, and the only undo it gave (removing a new row when the
 * event could not be emitted) is done here. The subscribe never throws; a row it leaves
 * pending goes out with the sync job's batches.
 */
async function recordSignup(
  container: MedusaContainer,
  settings: () => Promise<ComingSoonSettings>,
  input: RecordSignupInput
): Promise<RecordedSignup> {
  const config = comingSoonConfigOf(container)
  const store = await comingSoonModule(container).signups()
  const { signup, created } = await store.insertSignup({ ...input, leaseSeconds: syncLeaseSeconds(config) })

  let mailerId = signup.mailer_id
  // Double opt-in: the row is synced once its address is confirmed.
  if (created) startConfirmation(container, signup)
  if (created && signup.sync_status === "pending" && signup.confirmed_at) {
    const target = { baseUrl: config.mailer.baseUrl, timeoutMs: config.mailer.timeoutMs, apiKey: (await settings()).mailer_api_key }
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    mailerId = await deliverSignupWithin(config.mailer.answerWithinMs, store, target, signup, logger, await mailerBudgetOf(container))
  }

  if (created) {
    const data = { id: signup.id, product_id: signup.product_id, email: signup.email, referrer_id: signup.referrer_id }
    try {
      await container.resolve<IEventBusModuleService>(Modules.EVENT_BUS).emit({ name: COMING_SOON_EVENTS.SIGNUP_CREATED, data })
    } catch (error) {
      await comingSoonModule(container).deleteCsSignups(signup.id)
      throw error
    }
  }
  return { mailer_id: mailerId, referral_code: signup.referral_code, confirmed: signup.confirmed_at !== null }
}

/** What the signup action needs, from Medusa's container. */
export async function signupDepsOf(container: MedusaContainer): Promise<SignupDeps> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // Read once per request: the checks and the subscribe see the same settings.
  let saved: Promise<ComingSoonSettings> | undefined
  const settings = () => (saved ??= comingSoonSettingsOf(container))
  return {
    config: comingSoonConfigOf(container),
    tokenKey: await signupTokenKeyOf(container),
    settings,
    limiter: await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    findProduct: (productId) => loadProductWithSettings(container, productId),
    record: (input) => recordSignup(container, settings, input),
    warn: (message) => logger.warn(message),
  }
}
