import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { comingSoonConfigOf, comingSoonModule, comingSoonSettingsOf, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { sendEmailsOnce } from "./email-channel"
import { startConfirmation } from "./coming-soon-confirmation"
import { syncLeaseSeconds } from "../coming-soon/sync"
import type { NotificationRecords } from "./coming-soon-erasure"
import { launchProductUrl } from "../coming-soon/options"
import type { BackInStockDeps } from "../coming-soon/back-in-stock-signup"
import type { AdminBackInStockListType as AdminBackInStockList } from "../types/http/back-in-stock"
import { BACK_IN_STOCK_TEMPLATE, type RestockDeps, type VariantStock } from "../coming-soon/back-in-stock-restock"

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

type LevelRead = { stocked_quantity?: unknown; reserved_quantity?: unknown; location_id?: string | null } | null
type VariantRead = {
  id: string
  title: string | null
  product_id: string | null
  manage_inventory: boolean | null
  allow_backorder: boolean | null
  product?: { title?: string | null; handle?: string | null; sales_channels?: ({ id: string } | null)[] | null } | null
  inventory_items?: ({ required_quantity?: unknown; inventory?: { location_levels?: LevelRead[] | null } | null } | null)[] | null
}
type ChannelRead = { id: string; stock_locations?: ({ id: string } | null)[] | null }

const num = (value: unknown) => (typeof value === "number" ? value : Number(value ?? 0)) || 0

/**
 * How many a shopper can buy now, as Medusa's inventory has it, kept simple: unlimited (null)
 * when the variant does not manage inventory or allows backorders; otherwise, for each of its
 * inventory items, the most whole units one stock location of its product's sales channels
 * holds beyond its reservations (a unit takes the quantity the variant needs of the item), and
 * the fewest of those over its items. 0: sold out.
 */
export function variantUnits(variant: VariantRead, locationsOfChannels: ReadonlySet<string>): number | null {
  if (variant.manage_inventory === false || variant.allow_backorder === true) return null
  const items = (variant.inventory_items ?? []).filter((item) => item !== null)
  if (!items.length) return 0
  return Math.min(
    ...items.map((item) => {
      const needed = Math.max(1, num(item.required_quantity))
      const atLocations = (item.inventory?.location_levels ?? [])
        .filter((level) => level !== null && !!level.location_id && locationsOfChannels.has(level.location_id))
        .map((level) => Math.floor((num(level!.stocked_quantity) - num(level!.reserved_quantity)) / needed))
      return Math.max(0, ...atLocations)
    })
  )
}

/** The variants' stock and words, read through Query. */
export async function variantStockOf(container: MedusaContainer, variantIds: string[]): Promise<VariantStock[]> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const config = comingSoonConfigOf(container)
  const { data } = await query.graph({
    entity: "variant",
    fields: [
      "id",
      "title",
      "product_id",
      "manage_inventory",
      "allow_backorder",
      "product.title",
      "product.handle",
      "product.sales_channels.id",
      "inventory_items.required_quantity",
      "inventory_items.inventory.location_levels.stocked_quantity",
      "inventory_items.inventory.location_levels.reserved_quantity",
      "inventory_items.inventory.location_levels.location_id",
    ],
    filters: { id: variantIds },
  })
  const variants = data as VariantRead[]
  const channelIds = [...new Set(variants.flatMap((variant) => (variant.product?.sales_channels ?? []).map((channel) => channel?.id)))].filter(
    (id): id is string => !!id
  )
  const locationsByChannel = new Map<string, string[]>()
  if (channelIds.length) {
    const channels = (await query.graph({ entity: "sales_channel", fields: ["id", "stock_locations.id"], filters: { id: channelIds } })).data as ChannelRead[]
    for (const channel of channels) {
      locationsByChannel.set(channel.id, (channel.stock_locations ?? []).map((location) => location?.id).filter((id): id is string => !!id))
    }
  }
  return variants.map((variant) => {
    const locations = new Set((variant.product?.sales_channels ?? []).flatMap((channel) => (channel ? locationsByChannel.get(channel.id) ?? [] : [])))
    return {
      variant_id: variant.id,
      product_id: variant.product_id ?? "",
      product_title: variant.product?.title ?? "",
      variant_title: variant.title ?? "",
      product_url: launchProductUrl(config, variant.product?.handle),
      ...unitsAndAvailability(variantUnits(variant, locations)),
    }
  })
}

const unitsAndAvailability = (units: number | null) => ({ units, available: units === null || units > 0 })

/** What the back-in-stock signup needs, from Medusa's container. */
export async function backInStockDepsOf(container: MedusaContainer): Promise<BackInStockDeps> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let saved: ReturnType<typeof comingSoonSettingsOf> | undefined
  const store = await comingSoonModule(container).backInStock()
  return {
    config: comingSoonConfigOf(container),
    settings: () => (saved ??= comingSoonSettingsOf(container)),
    limiter: await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    findVariant: async (variantId) => {
      const [variant] = await container.resolve(Modules.PRODUCT).listProductVariants({ id: variantId }, { select: ["id", "product_id"], take: 1 })
      return variant?.product_id ? { id: variant.id, product_id: variant.product_id } : null
    },
    record: async (row) => {
      const saved = await store.subscribe({ ...row, leaseSeconds: syncLeaseSeconds(comingSoonConfigOf(container)) })
      // Double opt-in: the new row's confirmation email, sent after the answer.
      if (saved.created) startConfirmation(container, saved, "back_in_stock")
      return { confirmed: saved.confirmed_at !== null }
    },
    warn: (message) => logger.warn(message),
  }
}

/** The restock check's dependencies: the variants' stock, the Notification module, the shared email rate. */
export async function restockDepsOf(container: MedusaContainer): Promise<RestockDeps> {
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  return {
    store: await comingSoonModule(container).backInStock(),
    stock: (variantIds) => variantStockOf(container, variantIds),
    sendAll: (emails) =>
      sendEmailsOnce(
        container,
        emails.map((email) => ({
          to: email.to,
          receiver_id: email.receiver_id,
          resource_type: "cs_back_in_stock",
          resource_id: email.receiver_id.split(":")[0],
          attempt: email.attempt,
          template: BACK_IN_STOCK_TEMPLATE,
          data: email.data,
          trigger: "launchdesk.back-in-stock.restocked",
          headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
        }))
      ),
    unsubscribeUrl: (rowId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", rowId),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}

/** The demand list's page, with each variant's and product's titles (a deleted variant keeps empty titles). */
export async function backInStockDemand(
  container: MedusaContainer,
  page: { limit: number; offset: number; product_id?: string }
): Promise<AdminBackInStockList> {
  const { items, count } = await (await comingSoonModule(container).backInStock()).demand(page)
  const titles = new Map<string, { product_title: string; variant_title: string }>()
  if (items.length) {
    const variants = await container
      .resolve(Modules.PRODUCT)
      .listProductVariants({ id: items.map((item) => item.variant_id) }, { select: ["id", "title"], relations: ["product"] })
    for (const variant of variants) titles.set(variant.id, { product_title: variant.product?.title ?? "", variant_title: variant.title ?? "" })
  }
  return {
    variants: items.map((item) => ({ ...item, ...(titles.get(item.variant_id) ?? { product_title: "", variant_title: "" }) })),
    count,
    limit: page.limit,
    offset: page.offset,
  }
}

type OrderRead = { id: string; email: string | null; items?: ({ variant_id?: string | null } | null)[] | null }

/** Marks the notified subscriptions a placed order converts (its address, one of its variants); answers how many. */
export async function markBackInStockConversions(container: MedusaContainer, orderId: string): Promise<number> {
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "email", "items.variant_id"],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRead | undefined
  if (!order?.email) return 0
  const variantIds = [...new Set((order.items ?? []).map((item) => item?.variant_id).filter((id): id is string => !!id))]
  return (await comingSoonModule(container).backInStock()).markConverted(order.email.trim().toLowerCase(), variantIds, order.id)
}

/**
 * A data-erasure request for one subscription: its restock emails' Notification records (made
 * for the row, or sent to its address about its variant), then the row itself, for good.
 * Answers how many records went, or null when there is no such subscription.
 */
export async function eraseBackInStockSubscription(container: MedusaContainer, id: string): Promise<number | null> {
  const store = await comingSoonModule(container).backInStock()
  const [row] = (await store.list({ id }, { limit: 1, offset: 0 })).items
  if (!row) return null
  const notifications = container.resolve<NotificationRecords>(Modules.NOTIFICATION)
  const [forRow, toAddress] = await Promise.all([
    notifications.listNotifications({ resource_type: "cs_back_in_stock", resource_id: row.id }, { select: ["id"] }),
    notifications.listNotifications({ to: row.email, template: BACK_IN_STOCK_TEMPLATE }, { select: ["id", "data"] }),
  ])
  const ids = new Set(forRow.map((notification) => notification.id))
  for (const notification of toAddress) if (notification.data?.variant_id === row.variant_id) ids.add(notification.id)
  if (ids.size) await notifications.deleteNotifications([...ids])
  await store.erase(row.id)
  return ids.size
}
