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
  await sendEmailOnce(container, {
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
}

/** One email per `receiver_id` and template (see `sendSignupEmail`): the record the email is for. */
export type EmailOnce = Omit<SignupEmail, "signup_id"> & { receiver_id: string; resource_type: string; resource_id: string }

/** Sends `email` unless an earlier attempt for its receiver and template succeeded; throws when the provider failed. */
export async function sendEmailOnce(container: MedusaContainer, email: EmailOnce): Promise<void> {
  if (!hasEmailProvider(container)) throw new Error(NO_EMAIL_PROVIDER)
  const notifications = container.resolve(Modules.NOTIFICATION)
  if (email.attempt > 1) {
    const sent = await notifications.listNotifications(
      // `status` is a column the module filters on, though its filter type leaves it out.
      { receiver_id: email.receiver_id, template: email.template, status: "success" } as FilterableNotificationProps,
      { select: ["id"], take: 1 }
    )
    if (sent.length) return
  }
  await sendEmail(container, email)
}

/** One email through the Notification module's `email` channel; throws when the provider failed. */
export async function sendEmail(
  container: MedusaContainer,
  email: Omit<EmailOnce, "attempt" | "receiver_id"> & { receiver_id: string | null }
): Promise<void> {
  const [notification] = await container.resolve(Modules.NOTIFICATION).createNotifications([
    {
      to: email.to,
      channel: "email",
      template: email.template,
      data: email.data,
      ...(email.headers ? { provider_data: { headers: email.headers } } : {}),
      receiver_id: email.receiver_id,
      resource_type: email.resource_type,
      resource_id: email.resource_id,
      trigger_type: email.trigger,
    },
  ])
  if (notification && notification.status === "failure") throw new Error("the email provider failed")
}
