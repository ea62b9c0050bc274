import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { hasEmailProvider } from "../../../../../medusa/email-channel"
import { savedSettingsOf } from "../../../../../medusa/saved-settings"
import { chatSettingsView, saveChatSettings, type AdminUpdateChatSettingsType } from "../../../../../chat/settings"
import { chatModule } from "../helpers"

// The settings, and whether offline replies can be emailed at all (the admin says so up front).
const view = async (req: AuthenticatedMedusaRequest, store: Awaited<ReturnType<typeof savedSettingsOf>>) => ({
  ...(await chatSettingsView(store, chatModule(req).options)),
  can_send_email: hasEmailProvider(req.scope),
})

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await view(req, await savedSettingsOf(req.scope)))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateChatSettingsType>, res: MedusaResponse) => {
  const store = await savedSettingsOf(req.scope)
  await saveChatSettings(store, req.validatedBody, chatModule(req).options)
  res.json(await view(req, store))
}
