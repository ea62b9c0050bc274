import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { launchProductUrl } from "../coming-soon/options"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { sendSignupEmails } from "./email-channel"
import { derivedPromotionCode, singleUseCode } from "./single-use-code"
import { LAUNCH_EMAIL_TEMPLATE, type LaunchEmailDeps, type LaunchedProduct } from "../coming-soon/launch-emails"
import type { LaunchRow, NotificationClaim } from "../modules/coming-soon/sql/launch-repository"

/**
 * A row's promotion code: derived from its id with the store's key, so a claim repeated after
 * a crash finds the code it made, and nobody can work out another row's code.
 */
export const launchPromotionCode = (key: Buffer, signupId: string): string =>
  derivedPromotionCode(key, "launchdesk.coming-soon.promotion.v1", signupId, "LAUNCH")

/**
 * The person's single-use code, limited to the launched product, through the Promotion module:
 * one code for all of a person's rows of the product (same address once normalised, or same
 * customer; see `LaunchRepository.personOf`), derived from the first of those rows. A code one
 * of them holds is reused; a code made by an earlier claim that crashed before recording it,
 * or by a sibling row's claim racing this one, is found by its code.
 */
async function promotionFor(container: MedusaContainer, tokenKey: Buffer, launch: LaunchRow, row: NotificationClaim) {
  const offer = launch.promotion
  if (!offer) throw new Error("the launch has no promotion")
  const person = await (await comingSoonModule(container).launches()).personOf(row)
  if (person?.promotion_code && person.promotion_id) return { code: person.promotion_code, id: person.promotion_id }
  return await singleUseCode(container, {
    code: launchPromotionCode(tokenKey, person?.first_id ?? row.id),
    offer,
    productId: row.product_id,
    // One campaign per launch: its end date is the codes' expiry.
    campaign: { identifier: `launchdesk-launch-${launch.id}`, name: `Launch of ${launch.product_id}`, starts_at: new Date(launch.launched_at) },
  })
}

type ProductRead = { title: string; handle: string | null }

/** A product as the emails to signups name it: its title and its page (the `launch.productUrl` option); null when gone. */
export async function emailedProductOf(container: MedusaContainer, productId: string): Promise<LaunchedProduct | null> {
  const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["title", "handle"], take: 1 })
  const read = product as ProductRead | undefined
  return read ? { title: read.title, url: launchProductUrl(comingSoonConfigOf(container), read.handle) } : null
}

/** The launch emails' dependencies in Medusa: Notification module, Promotion module, product, shared rate. */
export async function launchEmailDepsOf(container: MedusaContainer): Promise<LaunchEmailDeps> {
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  return {
    store: await comingSoonModule(container).launches(),
    sendAll: (emails) =>
      sendSignupEmails(
        container,
        emails.map((email) => ({
          to: email.to,
          signup_id: email.signup_id,
          attempt: email.attempt,
          template: LAUNCH_EMAIL_TEMPLATE,
          data: email.data,
          trigger: COMING_SOON_EVENTS.PRODUCT_LAUNCHED,
          headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
        }))
      ),
    product: (productId) => emailedProductOf(container, productId),
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    promotionFor: (launch, row) => promotionFor(container, tokenKey, launch, row),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
