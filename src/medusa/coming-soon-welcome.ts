import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, comingSoonSettingsOf, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { sendSignupEmail } from "./email-channel"
import { shareUrlOf, statusLinkUrl } from "./coming-soon-status"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { WELCOME_EMAIL_TEMPLATE, type WelcomeEmailDeps } from "../coming-soon/welcome-emails"

/** The welcome emails' dependencies in Medusa: the store's switch, the Notification module, the line, the links, the shared rate. */
export async function welcomeEmailDepsOf(container: MedusaContainer): Promise<WelcomeEmailDeps> {
  const config = comingSoonConfigOf(container)
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  const comingSoon = comingSoonModule(container)
  const waitlist = await comingSoon.waitlist()
  return {
    store: await comingSoon.welcomes(),
    enabled: async () => (await comingSoonSettingsOf(container)).welcome_email,
    send: (email) =>
      sendSignupEmail(container, {
        to: email.to,
        signup_id: email.signup_id,
        attempt: email.attempt,
        template: WELCOME_EMAIL_TEMPLATE,
        data: email.data,
        headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
        trigger: COMING_SOON_EVENTS.SIGNUP_CREATED,
      }),
    productTitle: async (productId) => {
      const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["title"], take: 1 })
      return product ? product.title : null
    },
    placeOf: (signupId) => waitlist.standingOf(signupId, config.waitlist.referralBoost),
    shareUrl: (productId, referralCode) => shareUrlOf(container, config, productId, referralCode),
    statusUrl: (signupId) => statusLinkUrl(tokenKey, backendUrl, config, signupId),
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
