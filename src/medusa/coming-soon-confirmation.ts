import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { sendEmailOnce, sendSignupEmail } from "./email-channel"
import { statusLinkUrl } from "./coming-soon-status"
import { errorReason } from "../shared/error-reason"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import {
  CONFIRMATION_EMAIL_TEMPLATE,
  sendNewConfirmation,
  type ConfirmationEmailDeps,
} from "../coming-soon/confirmation-emails"
import type { ConfirmationClaim } from "../modules/coming-soon/sql/confirmation-repository"

/** Whose address a confirmation email confirms: a waitlist signup's, or a back-in-stock subscription's. */
export type ConfirmationKind = "signup" | "back_in_stock"

/**
 * The confirmation emails' dependencies in Medusa: Notification module, product title, shared
 * rate. Back-in-stock subscriptions get the same email and links; their records name the
 * subscription, so its erasure takes them too.
 */
export async function confirmationEmailDepsOf(container: MedusaContainer, kind: ConfirmationKind = "signup"): Promise<ConfirmationEmailDeps> {
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  const comingSoon = comingSoonModule(container)
  return {
    store: kind === "signup" ? await comingSoon.confirmations() : await comingSoon.backInStockConfirmations(),
    send: (email) => {
      const message = {
        to: email.to,
        attempt: email.attempt,
        template: CONFIRMATION_EMAIL_TEMPLATE,
        data: email.data,
        headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
      }
      return kind === "signup"
        ? sendSignupEmail(container, { ...message, signup_id: email.signup_id, trigger: COMING_SOON_EVENTS.SIGNUP_CREATED })
        : sendEmailOnce(container, {
            ...message,
            receiver_id: email.signup_id,
            resource_type: "cs_back_in_stock",
            resource_id: email.signup_id,
            trigger: "launchdesk.back-in-stock.subscribed",
          })
    },
    productTitle: async (productId) => {
      const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["title"], take: 1 })
      return product ? product.title : null
    },
    confirmUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "confirm", signupId),
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    statusUrl: kind === "signup" ? (signupId) => statusLinkUrl(tokenKey, backendUrl, comingSoonConfigOf(container), signupId) : null,
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}

/**
 * Starts a new row's confirmation email without keeping the shopper waiting for the email
 * provider: the row was born with the email claimed, so a send cut off here is the job's after
 * the lease. Nothing for a row that needs no confirmation.
 */
export function startConfirmation(
  container: MedusaContainer,
  signup: ConfirmationClaim & { confirm_status: string | null },
  kind: ConfirmationKind = "signup"
): void {
  if (signup.confirm_status !== "pending") return
  void confirmationEmailDepsOf(container, kind)
    .then((deps) => sendNewConfirmation(deps, signup))
    .catch((error: unknown) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`launchdesk: confirmation email of signup ${signup.id} is left to the job: ${errorReason(error)}`)
    })
}
