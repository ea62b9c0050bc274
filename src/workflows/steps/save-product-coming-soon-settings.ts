import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import type { ProductSettingRow } from "../../modules/coming-soon/coming-soon-sql-store"
import { comingSoonConfigOf, comingSoonModule } from "../../coming-soon/medusa-deps"
import { loadProductWithSettings, mergeProductSettings, type AdminUpdateProductComingSoonType } from "../../coming-soon/product-settings"

export type SaveProductComingSoonSettingsInput = { product_id: string; update: AdminUpdateProductComingSoonType }

type Undo = { product_id: string; previous: ProductSettingRow | null; saved_id: string }

export const saveProductComingSoonSettingsStepId = "save-product-coming-soon-settings"

/**
 * Applies a (partial) update to a product's coming-soon settings, the offer HTML filtered;
 * 404 for an unknown product. Compensation puts the previous settings back.
 */
export const saveProductComingSoonSettingsStep = createStep(
  saveProductComingSoonSettingsStepId,
  async (input: SaveProductComingSoonSettingsInput, { container }) => {
    const product = await loadProductWithSettings(container, input.product_id)
    if (!product) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${input.product_id} was not found`)
    }
    const store = await comingSoonModule(container).comingSoonStore()
    const previous = await store.findProductSetting(product.id)
    const values = mergeProductSettings(previous, input.update, comingSoonConfigOf(container))
    const { setting, created } = await store.upsertProductSetting(product.id, values)
    return new StepResponse<{ setting: ProductSettingRow; created: boolean }, Undo>(
      { setting, created },
      { product_id: product.id, previous, saved_id: setting.id }
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const store = await comingSoonModule(container).comingSoonStore()
    if (undo.previous) {
      await store.upsertProductSetting(undo.product_id, undo.previous)
    } else {
      await store.deleteProductSetting(undo.saved_id)
    }
  }
)
