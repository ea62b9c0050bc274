/**
 * A data-erasure request for one signup (`DELETE /admin/coming-soon/signups/:id`): the ledger
 * row, the emails the Notification module keeps of it, its unused launch code, its referral
 * rewards and their unused codes, and its MailerLite subscriber. The answer says what the mailing list did, never claiming a forget
 * that did not happen.
 */
import type { AdminSignupErasureResponseType } from "../types/http/coming-soon-admin"

/**
 * `DELETE /admin/coming-soon/signups/:id`'s answer (CONTRACT §7's `{ success: true }`, and what
 * happened): `mailing_list_reason` says why the subscriber was not forgotten (`no_api_key`, or the
 * failed call: status, timeout), without any key; `mailer_id` is the subscriber MailerLite still
 * has, to be forgotten there by hand.
 */
export type SignupErasureAnswer = AdminSignupErasureResponseType

/** What MailerLite did with the row's subscriber. */
export type MailingListErasure = SignupErasureAnswer["mailing_list"]

/** What became of the row's launch code. */
export type PromotionErasure = SignupErasureAnswer["promotion"]

/** The row as erasure needs it. */
export type ErasableSignup = {
  id: string
  email: string
  product_id: string
  mailer_id: string | null
  promotion_id: string | null
}

export type SignupErasureDeps = {
  find: (id: string) => Promise<ErasableSignup | null>
  /** `null` when no MailerLite API key is set; else the forget call's outcome (never throws). */
  forget: ((mailerId: string) => Promise<{ ok: true } | { ok: false; error: string }>) | null
  /** Deletes the Notification module's records of the row's emails; the count. */
  eraseNotifications: (signup: ErasableSignup) => Promise<number>
  /** Deletes the row's code when never used, deactivates a used one, keeps one the person's other rows share. */
  releasePromotion: (signup: ErasableSignup) => Promise<PromotionErasure>
  /** Removes the row's referral rewards, deleting their unused codes and deactivating used ones. */
  eraseRewards: (signup: ErasableSignup) => Promise<void>
  /** Removes the row for good. */
  eraseRow: (id: string) => Promise<void>
  log: { warn: (message: string) => void }
}

export type SignupErasure = { kind: "not_found" } | { kind: "erased"; answer: SignupErasureAnswer }

/**
 * Erases a signup. The mailing list comes first and never blocks the rest: the store's own
 * copy is erased whatever MailerLite did, and the answer says `not_forgotten` with the reason
 * and the subscriber id when it did not forget them (no API key, an error, a timeout).
 */
export async function eraseSignup(deps: SignupErasureDeps, id: string): Promise<SignupErasure> {
  const signup = await deps.find(id)
  if (!signup) return { kind: "not_found" }
  const mailing = await forgetSubscriber(deps, signup)
  if (mailing.mailing_list === "not_forgotten") {
    deps.log.warn(
      `launchdesk: erasing signup ${id}: MailerLite did not forget subscriber ${signup.mailer_id} (${mailing.mailing_list_reason}); forget them there by hand`
    )
  }
  const notificationsErased = await deps.eraseNotifications(signup)
  const promotion = await deps.releasePromotion(signup)
  await deps.eraseRewards(signup)
  await deps.eraseRow(id)
  return { kind: "erased", answer: { success: true, ...mailing, notifications_erased: notificationsErased, promotion } }
}

async function forgetSubscriber(
  deps: SignupErasureDeps,
  signup: ErasableSignup
): Promise<Pick<SignupErasureAnswer, "mailing_list" | "mailing_list_reason" | "mailer_id">> {
  if (!signup.mailer_id) return { mailing_list: "not_subscribed" }
  if (!deps.forget) return { mailing_list: "not_forgotten", mailing_list_reason: "no_api_key", mailer_id: signup.mailer_id }
  const forgotten = await deps.forget(signup.mailer_id)
  return forgotten.ok
    ? { mailing_list: "forgotten" }
    : { mailing_list: "not_forgotten", mailing_list_reason: forgotten.error, mailer_id: signup.mailer_id }
}
