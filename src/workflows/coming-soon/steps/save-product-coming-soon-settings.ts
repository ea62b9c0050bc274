import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import type { ProductSettingRow } from "../../../modules/coming-soon/sql/product-setting-repository"
import { comingSoonConfigOf, comingSoonModule } from "../../../medusa/coming-soon"
import { loadProductWithSettings, mergeProductSettings, type AdminUpdateProductComingSoonType } from "../../../coming-soon/product-settings"

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
    const comingSoon = comingSoonModule(container)
    const previous = await comingSoon.findProductSetting(product.id)
    const values = mergeProductSettings(previous, input.update, comingSoonConfigOf(container))
    const { setting, created } = await comingSoon.upsertProductSetting(product.id, values)
    return new StepResponse<{ setting: ProductSettingRow; created: boolean }, Undo>(
      { setting, created },
      { product_id: product.id, previous, saved_id: setting.id }
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const comingSoon = comingSoonModule(container)
    if (undo.previous) {
      await comingSoon.upsertProductSetting(undo.product_id, undo.previous)
    } else {
      await comingSoon.deleteCsProductSettings(undo.saved_id)
    }
  }
)
