import type { ConfigModule, FilterableNotificationProps, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

type ProviderConfig = { options?: { channels?: string[] } }

/**
 * True when the host configured a Notification provider for the `email` channel. Without one,
 * Medusa stores a failed notification and throws a message naming its own id; callers check
 * first and say plainly what is missing.
 */
export function hasEmailProvider(container: MedusaContainer): boolean {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const notification = config.modules?.[Modules.NOTIFICATION]
  if (!notification || typeof notification !== "object" || !("options" in notification)) {
    return false
  }
  const providers = (notification.options as { providers?: ProviderConfig[] } | undefined)?.providers ?? []
  return providers.some((provider) => provider.options?.channels?.includes("email"))
}

export const NO_EMAIL_PROVIDER = 'no Notification provider for the "email" channel'

/** One email to a ledger row: its template, data and the claim's attempt (a send repeated after a crash is one email). */
export type SignupEmail = {
  to: string
  signup_id: string
  attempt: number
  template: string
  data: Record<string, unknown>
  /** The event the email answers, kept as the notification's `trigger_type`. */
  trigger: string
  /**
   * Email headers for the provider to set (`List-Unsubscribe`), passed as the notification's
   * `provider_data.headers`: Medusa's field for what is specific to a channel (cc, bcc).
   */
  headers?: Record<string, string>
}

/**
 * One email to a ledger row through the Notification module, once per row and template: the
 * row is the email's receiver (`receiver_id`, an indexed column), so an earlier attempt that
 * went out before a crash (the row not yet marked) counts as sent. Not the module's
 * idempotency key: it cannot send again under a key whose first send failed (see
 * docs/medusa-notes.md). Throws when the provider failed.
 */
export async function sendSignupEmail(container: MedusaContainer, email: SignupEmail): Promise<void> {
  await sendEmailOnce(container, signupEmailOnce(email))
}

/** Emails to ledger rows in one call (see `sendEmailsOnce`); per email, null when it went out, else why not. */
export function sendSignupEmails(container: MedusaContainer, emails: SignupEmail[]): Promise<(Error | null)[]> {
  return sendEmailsOnce(container, emails.map(signupEmailOnce))
}

const signupEmailOnce = (email: SignupEmail): EmailOnce => ({
  to: email.to,
  receiver_id: email.signup_id,
  resource_type: "cs_signup",
  resource_id: email.signup_id,
  attempt: email.attempt,
  template: email.template,
  data: email.data,
  trigger: email.trigger,
  headers: email.headers,
})

/** One email per `receiver_id` and template (see `sendSignupEmail`): the record the email is for. */
export type EmailOnce = Omit<SignupEmail, "signup_id"> & { receiver_id: string; resource_type: string; resource_id: string }

/** Sends `email` unless an earlier attempt for its receiver and template succeeded; throws when the provider failed. */
export async function sendEmailOnce(container: MedusaContainer, email: EmailOnce): Promise<void> {
  const [error] = await sendEmailsOnce(container, [email])
  if (error) throw error
}

/**
 * A batch of emails, each once per `receiver_id` and template as `sendEmailOnce`, in one call
 * to the Notification module (one transaction for the batch's records, the provider's sends
 * side by side, one update): what lets one process keep a high email rate. Answers, per email,
 * null when it went out (or had before), else why not.
 */
export async function sendEmailsOnce(container: MedusaContainer, emails: EmailOnce[]): Promise<(Error | null)[]> {
  if (!emails.length) return []
  if (!hasEmailProvider(container)) return emails.map(() => new Error(NO_EMAIL_PROVIDER))
  const notifications = container.resolve(Modules.NOTIFICATION)
  const sentBefore = (receivers: EmailOnce[]) =>
    receivers.length
      ? notifications
          .listNotifications(
            // `status` is a column the module filters on, though its filter type leaves it out.
            { receiver_id: receivers.map((email) => email.receiver_id), template: [...new Set(receivers.map((email) => email.template))], status: "success" } as FilterableNotificationProps,
            { select: ["receiver_id", "template"] }
          )
          .then((sent) => new Set(sent.map((record) => `${record.template}\u0000${record.receiver_id}`)))
      : Promise.resolve(new Set<string>())
  const keyOf = (email: EmailOnce) => `${email.template}\u0000${email.receiver_id}`
  const done = await sentBefore(emails.filter((email) => email.attempt > 1))
  const due = emails.filter((email) => !done.has(keyOf(email)))
  let failure: Error | null = null
  try {
    const made = due.length ? await notifications.createNotifications(due.map(notificationOf)) : []
    made.forEach((record, index) => record.status !== "success" || done.add(keyOf(due[index])))
  } catch (error) {
    // One failed send fails the module's call after it recorded every outcome: read which went out.
    failure = error instanceof Error ? error : new Error(String(error))
    for (const key of await sentBefore(due)) done.add(key)
  }
  return emails.map((email) => (done.has(keyOf(email)) ? null : (failure ?? new Error("the email provider failed"))))
}

const notificationOf = (email: Omit<EmailOnce, "attempt" | "receiver_id"> & { receiver_id: string | null }) => ({
  to: email.to,
  channel: "email",
  template: email.template,
  data: email.data,
  ...(email.headers ? { provider_data: { headers: email.headers } } : {}),
  receiver_id: email.receiver_id,
  resource_type: email.resource_type,
  resource_id: email.resource_id,
  trigger_type: email.trigger,
})

/** One email through the Notification module's `email` channel; throws when the provider failed. */
export async function sendEmail(
  container: MedusaContainer,
  email: Omit<EmailOnce, "attempt" | "receiver_id"> & { receiver_id: string | null }
): Promise<void> {
  const [notification] = await container.resolve(Modules.NOTIFICATION).createNotifications([notificationOf(email)])
  if (notification && notification.status === "failure") throw new Error("the email provider failed")
}
