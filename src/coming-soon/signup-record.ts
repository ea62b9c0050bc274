import type { OutboxRepository } from "../modules/launchdesk/sql/outbox-repository"
import { coalescedDrain, relayOutboxTopic, type OutboxTopicHandler } from "../modules/launchdesk/sql/outbox-relay"
import type { SignupEffect, SignupRepository, SignupRow } from "../modules/coming-soon/sql/signup-repository"
import type { WaitlistRepository } from "../modules/coming-soon/sql/waitlist-repository"
import type { NoticeListener } from "../modules/support-chat/runtime/notice-listener"
import type { ComingSoonConfig } from "./options"
import type { ComingSoonSettings } from "./settings"
import type { RecordedSignup, RecordSignupInput } from "./signup"
import { deliverSignupWithin, syncLeaseSeconds, type MailerBudget, type SyncLog } from "./sync"

/** The outbox topic of what follows a new ledger row: its `launchdesk.signup.created` event. */
export const SIGNUP_EFFECTS_TOPIC = "coming-soon.signup.effect"
/** A row's effects share a group, so the request that stored it can run just its own. */
export const SIGNUP_GROUP_PREFIX = "coming-soon.signup:"

export type SignupEffectPayload = {
  effect: "signup_created"
  signup_id: string
  /** The lane that stored the row could not start its confirmation email (the fast lane): the relay does. */
  start_confirmation: boolean
}

const signupCreatedEffect = (startConfirmation: boolean): SignupEffect => ({
  topic: SIGNUP_EFFECTS_TOPIC,
  key_prefix: `${SIGNUP_EFFECTS_TOPIC}:signup_created:`,
  group_prefix: SIGNUP_GROUP_PREFIX,
  payload: { effect: "signup_created", start_confirmation: startConfirmation },
})

/** What steps 7 and 8 of the signup run on, on either lane. */
export type SignupRecordDeps = {
  signups: SignupRepository
  waitlist: WaitlistRepository
  config: ComingSoonConfig
  settings: () => Promise<ComingSoonSettings>
  mailerBudget: () => Promise<MailerBudget>
  log: SyncLog
  /**
   * A new row is stored with its event recorded: the lane starts what it can without keeping
   * the shopper waiting (Medusa's: the confirmation email and the event; the fast lane's: a
   * wake-up of Medusa's relay). Never awaited, never throws.
   */
  afterCreated: (signup: SignupRow) => void
  /** Whether `afterCreated` starts the confirmation email; if not, the relay does. */
  startsConfirmation: boolean
}

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
 * Steps 7 and 8 of the signup, the same on both lanes: the ledger row and its event's outbox
 * item in one statement (stored together or not at all, so the event goes out once however
 * the process ends), the inline MailerLite subscribe within `mailer.answerWithinMs` (its id is
 * part of the answer), and the row's place in line (a new row's from the line's count: one
 * indexed read). The event itself, and the confirmation email, leave the request's path.
 */
export async function recordSignup(deps: SignupRecordDeps, input: RecordSignupInput): Promise<RecordedSignup> {
  const { config, signups } = deps
  const leaseSeconds = syncLeaseSeconds(config)
  const { signup, created } = await signups.insertSignup({
    ...input,
    leaseSeconds,
    effect: signupCreatedEffect(!deps.startsConfirmation),
  })
  if (created) deps.afterCreated(signup)

  let mailerId = signup.mailer_id
  const apiKey = (await deps.settings()).mailer_api_key
  const claimed = await rowToSync(signups, signup, created, input, apiKey, leaseSeconds)
  if (claimed) {
    const target = { baseUrl: config.mailer.baseUrl, timeoutMs: config.mailer.timeoutMs, apiKey }
    mailerId = await deliverSignupWithin(config.mailer.answerWithinMs, signups, target, claimed, deps.log, await deps.mailerBudget())
  }

  // A new row is last in line, read from the line's count; a repeat signup's place is computed over the line.
  const place = created
    ? await deps.waitlist.placeOfNewcomer(signup.id)
    : await deps.waitlist.standingOf(signup.id, config.waitlist.referralBoost)
  return {
    mailer_id: mailerId,
    referral_code: signup.referral_code,
    confirmed: signup.confirmed_at !== null,
    place: place && { position: place.position, total: place.total },
  }
}

/** The event's data, as it always was: `{ id, product_id, email, referrer_id }`. */
export const signupCreatedData = (signup: Pick<SignupRow, "id" | "product_id" | "email" | "referrer_id">) => ({
  id: signup.id,
  product_id: signup.product_id,
  email: signup.email,
  referrer_id: signup.referrer_id,
})

/** What a Medusa process runs a recorded signup effect through. */
export type SignupEffectHooks = {
  /** Emits `launchdesk.signup.created` on Medusa's bus. */
  emitCreated: (data: ReturnType<typeof signupCreatedData>) => Promise<void>
  /** Starts a new row's confirmation email (double opt-in), when the lane that stored it could not. */
  startConfirmation: (signup: SignupRow) => void
}

const LEASE_SECONDS = 60
const BATCH_SIZE = 100
// Bounds one pass, so a job run always ends.
const MAX_ROUNDS = 50

/** The signup effects' topic as the outbox relay runs it. */
const signupEffectsHandler = (signups: SignupRepository, hooks: SignupEffectHooks): OutboxTopicHandler<SignupEffectPayload> => ({
  topic: SIGNUP_EFFECTS_TOPIC,
  run: async (item) => {
    const signup = await signups.findSignup(item.payload.signup_id)
    // Erased before its event went out: there is nobody to announce.
    if (!signup) return { setAside: "the signup was erased before its event went out" }
    await hooks.emitCreated(signupCreatedData(signup))
    // Only while the row still holds the claim it was born with; after that lease the confirmation job sends it.
    if (item.payload.start_confirmation && signup.confirm_status === "pending" && signup.confirm_attempts === 1) {
      hooks.startConfirmation(signup)
    }
  },
  describe: (payload) => `the event of signup ${payload.signup_id}`,
  leaseSeconds: LEASE_SECONDS,
  batchSize: BATCH_SIZE,
  maxRounds: MAX_ROUNDS,
})

/**
 * Runs recorded signup effects through `hooks`, each claimed by one caller in whatever process
 * (so an event goes out once); a failing one is retried with backoff and set aside as `dead`
 * after its last attempt. `signupId`: only that row's (the request that stored it, right after
 * its commit). Returns how many ran.
 */
export async function relaySignupEffects(
  outbox: OutboxRepository,
  signups: SignupRepository,
  hooks: SignupEffectHooks,
  warn: (message: string) => void,
  signupId?: string
): Promise<number> {
  const groupKey = signupId === undefined ? undefined : `${SIGNUP_GROUP_PREFIX}${signupId}`
  return await relayOutboxTopic(outbox, signupEffectsHandler(signups, hooks), warn, groupKey)
}

export type SignupRelay = {
  /** Runs every recorded signup effect that is due; returns how many ran. */
  drain: () => Promise<number>
  /** Runs one new row's effect: the Medusa route that stored it, right after its commit. */
  runSignup: (signupId: string) => Promise<number>
}

/**
 * A Medusa process's relay of signup effects: one drain at a time (one asked for meanwhile
 * runs right after), woken on `channel` by the fast lane after it stores a row, so the event
 * leaves within milliseconds; after a reconnect, whatever was announced meanwhile is picked up.
 */
export function createSignupRelay(input: {
  outbox: OutboxRepository
  signups: SignupRepository
  hooks: SignupEffectHooks
  listener: Pick<NoticeListener, "on" | "onResync">
  channel: string
  warn: (message: string) => void
}): SignupRelay {
  const { outbox, signups, hooks, listener, warn } = input
  const drain = coalescedDrain(() => relaySignupEffects(outbox, signups, hooks, warn))
  const drainNow = () => void drain().catch((error) => warn(`launchdesk: relaying signup events failed: ${error}`))
  listener.on(input.channel, drainNow)
  listener.onResync(drainNow)
  return { drain, runSignup: (signupId) => relaySignupEffects(outbox, signups, hooks, warn, signupId) }
}
