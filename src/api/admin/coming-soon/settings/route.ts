import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule } from "../../../../medusa/coming-soon"
import { hasEmailProvider } from "../../../../medusa/email-channel"
import { savedSettingsOf } from "../../../../medusa/saved-settings"
import { comingSoonSettingsView, saveComingSoonSettings } from "../../../../coming-soon/settings"
import type { AdminUpdateComingSoonSettingsType } from "../validators"

// The settings, and whether the store can send the waitlist's emails at all (the admin says so up front).
const view = async (req: AuthenticatedMedusaRequest, store: Awaited<ReturnType<typeof savedSettingsOf>>) => ({
  ...(await comingSoonSettingsView(store, comingSoonModule(req.scope).options)),
  can_send_email: hasEmailProvider(req.scope),
})

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await view(req, await savedSettingsOf(req.scope)))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateComingSoonSettingsType>, res: MedusaResponse) => {
  const store = await savedSettingsOf(req.scope)
  await saveComingSoonSettings(store, req.validatedBody)
  res.json(await view(req, store))
}
