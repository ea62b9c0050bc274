import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, settingsStoreOf } from "../../../../coming-soon/medusa-deps"
import { comingSoonSettingsView, saveComingSoonSettings } from "../../../../coming-soon/settings"
import type { AdminUpdateComingSoonSettingsType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await comingSoonSettingsView(await settingsStoreOf(req.scope), comingSoonModule(req.scope).options))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateComingSoonSettingsType>, res: MedusaResponse) => {
  const store = await settingsStoreOf(req.scope)
  await saveComingSoonSettings(store, req.validatedBody)
  res.json(await comingSoonSettingsView(store, comingSoonModule(req.scope).options))
}
