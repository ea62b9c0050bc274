import { z } from "@medusajs/framework/zod"
import { MedusaError } from "@medusajs/framework/utils"
import type { LaunchProgress, LaunchRepository, LaunchRow } from "../modules/coming-soon/sql/launch-repository"
import type { ProductWithSettings } from "./product-settings"
import { PromotionOffer } from "./promotion-offer"
import type { AdminLaunchBodyType, AdminLaunchType } from "../types/http/coming-soon-admin"
import type { Assert, Same } from "../types/http/same-shape"

/** `POST /admin/coming-soon/products/:product_id/launch` (CONTRACT §7). */
export const AdminLaunchProduct = z
  .object({
    notify: z.boolean().default(true),
    promotion: PromotionOffer.nullish().transform((promotion) => promotion ?? null),
  })
  .strict()
export type AdminLaunchProductType = z.infer<typeof AdminLaunchProduct>
// What the validator parses is the wire's body (the admin sends that type): `tsc` fails when either changes alone.
export type LaunchBodyMatchesTheWire = Assert<Same<AdminLaunchProductType, AdminLaunchBodyType>>

export type LaunchState = AdminLaunchType["status"]

/** `GET|POST …/launch`: the launch and its emails' progress (`failed` counts the dead rows too). */
export type LaunchView = AdminLaunchType

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)

export function launchView(product: ProductWithSettings, launch: LaunchRow | null, progress: LaunchProgress): LaunchView {
  const launchAt = product.setting?.launch_at ?? null
  const status: LaunchState = launch ? launch.status : launchAt && product.setting?.enabled ? "scheduled" : "none"
  return {
    status,
    launch_at: iso(launchAt),
    launched_at: iso(launch?.launched_at),
    finished_at: iso(launch?.finished_at),
    trigger: launch?.trigger ?? null,
    notify: launch?.notify ?? null,
    ...progress,
    failed: progress.failed + progress.dead,
    promotion: launch?.promotion ?? null,
  }
}

export type LaunchRequest = AdminLaunchProductType & {
  trigger: LaunchRow["trigger"]
  launched_by: string | null
}

/**
 * Launches a coming-soon product once (CONTRACT §7): 404 for an unknown product, the existing
 * launch for one launched before (nothing new starts), 409 for a product that is not coming
 * soon. `created` tells whether this call made the launch.
 */
export async function launchProduct(
  store: LaunchRepository,
  product: ProductWithSettings | null,
  productId: string,
  request: LaunchRequest
): Promise<{ launch: LaunchRow; created: boolean }> {
  if (!product) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  }
  const existing = await store.findLaunch(product.id)
  if (existing) return { launch: existing, created: false }
  if (!product.setting?.enabled) {
    throw new MedusaError(MedusaError.Types.CONFLICT, `Product ${product.id} is not coming soon and was never launched`)
  }
  return await store.launch({
    product_id: product.id,
    notify: request.notify,
    promotion: request.promotion,
    trigger: request.trigger,
    launched_by: request.launched_by,
  })
}
