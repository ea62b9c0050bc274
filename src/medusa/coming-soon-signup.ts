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
import type { SignupRepository, SignupRow } from "../modules/coming-soon/sql/signup-repository"

/**
 * The row this request subscribes inline, claimed, or null. A new pending row is born claimed;
 * a repeat of one that never reached the list (no key at the time, or out of attempts) is
 * claimed again, so signing up again subscribes (the seed's steps 7-8: the duplicate check
 * decides the insert, the subscribe follows either way). A synced row, or one another caller
 * holds, is left alone; double opt-in rows wait for their confirmation; a `ledger` product's
 * rows (no group) are never synced.
 */
async function rowToSync(
  store: SignupRepository,
  signup: SignupRow,
  created: boolean,
  input: RecordSignupInput,
  apiKey: string | null | undefined,
  leaseSeconds: number
): Promise<SignupRow | null> {
  if (!signup.confirmed_at || !input.mailer_group_id) return null
  if (created) return signup.sync_status === "pending" ? signup : null
  if (signup.sync_status === "synced" || !apiKey) return null
  return await store.claimUnsyncedSignup(signup.id, leaseSeconds)
}

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
  const apiKey = (await settings()).mailer_api_key
  const claimed = await rowToSync(store, signup, created, input, apiKey, syncLeaseSeconds(config))
  if (claimed) {
    const target = { baseUrl: config.mailer.baseUrl, timeoutMs: config.mailer.timeoutMs, apiKey }
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    mailerId = await deliverSignupWithin(config.mailer.answerWithinMs, store, target, claimed, logger, await mailerBudgetOf(container))
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
  // A new row is last in line, read from the line's count; a repeat signup's place is computed over the line.
  const waitlist = await comingSoonModule(container).waitlist()
  const place = created ? await waitlist.placeOfNewcomer(signup.id) : await waitlist.standingOf(signup.id, config.waitlist.referralBoost)
  return {
    mailer_id: mailerId,
    referral_code: signup.referral_code,
    confirmed: signup.confirmed_at !== null,
    place: place && { position: place.position, total: place.total },
  }
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
