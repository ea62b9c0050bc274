import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule } from "../../../../medusa/coming-soon"
import { savedSettingsOf } from "../../../../medusa/saved-settings"
import { comingSoonSettingsView, saveComingSoonSettings } from "../../../../coming-soon/settings"
import type { AdminUpdateComingSoonSettingsType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await comingSoonSettingsView(await savedSettingsOf(req.scope), comingSoonModule(req.scope).options))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateComingSoonSettingsType>, res: MedusaResponse) => {
  const store = await savedSettingsOf(req.scope)
  await saveComingSoonSettings(store, req.validatedBody)
  res.json(await comingSoonSettingsView(store, comingSoonModule(req.scope).options))
}
