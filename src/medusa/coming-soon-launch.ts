import { createHmac } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { launchProductUrl } from "../coming-soon/options"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { sendSignupEmails } from "./email-channel"
import { LAUNCH_EMAIL_TEMPLATE, type LaunchEmailDeps } from "../coming-soon/launch-emails"
import type { LaunchRow, NotificationClaim } from "../modules/coming-soon/sql/launch-repository"

const DAY_MS = 24 * 3600 * 1000
// Crockford's base32 without I, L, O, U: codes read aloud or typed from an email stay unambiguous.
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const CODE_LENGTH = 10

/**
 * A row's promotion code: derived from its id with the store's key, so a claim repeated after
 * a crash finds the code it made, and nobody can work out another row's code.
 */
export function launchPromotionCode(key: Buffer, signupId: string): string {
  const digest = createHmac("sha256", key).update(`launchdesk.coming-soon.promotion.v1\n${signupId}`).digest()
  let code = ""
  for (let index = 0; index < CODE_LENGTH; index++) code += CODE_ALPHABET[digest[index] % CODE_ALPHABET.length]
  return `LAUNCH-${code}`
}

/** The launch's campaign: its end date is the codes' expiry. One per launch, found again by its identifier. */
async function launchCampaignId(container: MedusaContainer, launch: LaunchRow, expiresInDays: number): Promise<string> {
  const promotions = container.resolve(Modules.PROMOTION)
  const identifier = `launchdesk-launch-${launch.id}`
  const find = async () => (await promotions.listCampaigns({ campaign_identifier: [identifier] }, { select: ["id"], take: 1 }))[0]
  const existing = await find()
  if (existing) return existing.id
  try {
    const [campaign] = await promotions.createCampaigns([
      {
        name: `Launch of ${launch.product_id}`,
        campaign_identifier: identifier,
        starts_at: new Date(launch.launched_at),
        ends_at: new Date(new Date(launch.launched_at).getTime() + expiresInDays * DAY_MS),
      },
    ])
    return campaign.id
  } catch (error) {
    // Another process made it first: the identifier is unique.
    const made = await find()
    if (made) return made.id
    throw error
  }
}

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
  const promotions = container.resolve(Modules.PROMOTION)
  const code = launchPromotionCode(tokenKey, person?.first_id ?? row.id)
  const find = async () => (await promotions.listPromotions({ code }, { select: ["id", "code"], take: 1 }))[0]
  const existing = await find()
  if (existing) return { code, id: existing.id }
  const campaignId = offer.expires_in_days ? await launchCampaignId(container, launch, offer.expires_in_days) : undefined
  try {
    const [promotion] = await promotions.createPromotions([
      {
        code,
        type: "standard",
        status: "active",
        is_automatic: false,
        limit: 1,
        ...(campaignId ? { campaign_id: campaignId } : {}),
        application_method: {
          type: offer.type,
          target_type: "items",
          allocation: "across",
          value: offer.value,
          ...(offer.type === "fixed" ? { currency_code: offer.currency_code } : {}),
          target_rules: [{ attribute: "items.product.id", operator: "eq", values: [row.product_id] }],
        },
      },
    ])
    return { code, id: promotion.id }
  } catch (error) {
    // A sibling row's claim made it first: the code is unique.
    const made = await find()
    if (made) return { code, id: made.id }
    throw error
  }
}

type ProductRead = { title: string; handle: string | null }

/** The launch emails' dependencies in Medusa: Notification module, Promotion module, product, shared rate. */
export async function launchEmailDepsOf(container: MedusaContainer): Promise<LaunchEmailDeps> {
  const config = comingSoonConfigOf(container)
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
    product: async (productId) => {
      const [product] = await container
        .resolve(Modules.PRODUCT)
        .listProducts({ id: productId }, { select: ["title", "handle"], take: 1 })
      const read = product as ProductRead | undefined
      return read ? { title: read.title, url: launchProductUrl(config, read.handle) } : null
    },
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    promotionFor: (launch, row) => promotionFor(container, tokenKey, launch, row),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
