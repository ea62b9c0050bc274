import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { sendSignupEmail } from "./email-channel"
import { statusLinkUrl } from "./coming-soon-status"
import { errorReason } from "../shared/error-reason"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import {
  CONFIRMATION_EMAIL_TEMPLATE,
  sendNewConfirmation,
  type ConfirmationEmailDeps,
} from "../coming-soon/confirmation-emails"
import type { SignupRow } from "../modules/coming-soon/sql/signup-repository"

/** The confirmation emails' dependencies in Medusa: Notification module, product title, shared rate. */
export async function confirmationEmailDepsOf(container: MedusaContainer): Promise<ConfirmationEmailDeps> {
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  return {
    store: await comingSoonModule(container).confirmations(),
    send: (email) =>
      sendSignupEmail(container, {
        to: email.to,
        signup_id: email.signup_id,
        attempt: email.attempt,
        template: CONFIRMATION_EMAIL_TEMPLATE,
        data: email.data,
        trigger: COMING_SOON_EVENTS.SIGNUP_CREATED,
        headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
      }),
    productTitle: async (productId) => {
      const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["title"], take: 1 })
      return product ? product.title : null
    },
    confirmUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "confirm", signupId),
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    statusUrl: (signupId) => statusLinkUrl(tokenKey, backendUrl, comingSoonConfigOf(container), signupId),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}

/**
 * Starts a new row's confirmation email without keeping the shopper waiting for the email
 * provider: the row was born with the email claimed, so a send cut off here is the job's after
 * the lease. Nothing for a row that needs no confirmation.
 */
export function startConfirmation(container: MedusaContainer, signup: SignupRow): void {
  if (signup.confirm_status !== "pending") return
  void confirmationEmailDepsOf(container)
    .then((deps) => sendNewConfirmation(deps, signup))
    .catch((error: unknown) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`launchdesk: confirmation email of signup ${signup.id} is left to the job: ${errorReason(error)}`)
    })
}
