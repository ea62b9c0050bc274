import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateInventoryLevelsWorkflow,
} from "@medusajs/medusa/core-flows"
import { COMING_SOON_MODULE, type ComingSoonModuleService } from "../../../src/modules/coming-soon"
import { createStorefrontChannel } from "../../utils/store"

/** A storefront whose product has variants that manage inventory, stocked at the channel's one location. */
export type StockedShop = {
  publishableKey: string
  productId: string
  productTitle: string
  locationId: string
  /** Variant id by its title, and its inventory item. */
  variants: Record<string, { id: string; inventoryItemId: string }>
}

let shopCounter = 0

export const backInStock = async (container: MedusaContainer) =>
  container.resolve<ComingSoonModuleService>(COMING_SOON_MODULE).backInStock()

/** Every subscription row, oldest first. */
export const subscriptions = (container: MedusaContainer) =>
  container.resolve<ComingSoonModuleService>(COMING_SOON_MODULE).listCsBackInStocks({}, { order: { created_at: "ASC" } })

/** A shop with one product of `titles` variants, none in stock (a level of 0 each). */
export async function createStockedShop(container: MedusaContainer, titles: string[]): Promise<StockedShop> {
  shopCounter += 1
  const storefront = await createStorefrontChannel(container, `Storefront ${shopCounter}`)
  const { result: locations } = await createStockLocationsWorkflow(container).run({ input: { locations: [{ name: `Warehouse ${shopCounter}` }] } })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: locations[0].id, add: [storefront.salesChannelId] } })
  const productTitle = `Aurora lamp ${shopCounter}`
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: productTitle,
          status: "published",
          options: [{ title: "Colour", values: titles }],
          variants: titles.map((title) => ({ title, options: { Colour: title }, manage_inventory: true, prices: [{ amount: 4900, currency_code: "usd" }] })),
          sales_channels: [{ id: storefront.salesChannelId }],
        },
      ],
    },
  })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "variant",
    fields: ["id", "title", "inventory_items.inventory_item_id"],
    filters: { id: products[0].variants.map((variant) => variant.id) },
  })
  const variants: StockedShop["variants"] = {}
  for (const variant of data) {
    variants[variant.title as string] = { id: variant.id, inventoryItemId: variant.inventory_items![0]!.inventory_item_id }
  }
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: Object.values(variants).map((variant) => ({
        inventory_item_id: variant.inventoryItemId,
        location_id: locations[0].id,
        stocked_quantity: 0,
      })),
    },
  })
  return { publishableKey: storefront.publishableKey, productId: products[0].id, productTitle, locationId: locations[0].id, variants }
}

/** Sets a variant's stock through the Inventory module alone: no inventory event, as a change the events miss. */
export async function setStockQuietly(container: MedusaContainer, shop: StockedShop, variantTitle: string, stocked: number) {
  await container.resolve(Modules.INVENTORY).updateInventoryLevels([
    { inventory_item_id: shop.variants[variantTitle].inventoryItemId, location_id: shop.locationId, stocked_quantity: stocked },
  ])
}

/** Sets a variant's stock through Medusa's workflow, as the admin does: its inventory event fires. */
export async function setStock(container: MedusaContainer, shop: StockedShop, variantTitle: string, stocked: number) {
  await updateInventoryLevelsWorkflow(container).run({
    input: {
      updates: [{ inventory_item_id: shop.variants[variantTitle].inventoryItemId, location_id: shop.locationId, stocked_quantity: stocked }],
    },
  })
}
