import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { savedSettingsOf } from "../../../../../medusa/saved-settings"
import { chatSettingsView, saveChatSettings, type AdminUpdateChatSettingsType } from "../../../../../chat/settings"
import { chatModule } from "../helpers"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await chatSettingsView(await savedSettingsOf(req.scope), chatModule(req).options))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateChatSettingsType>, res: MedusaResponse) => {
  const store = await savedSettingsOf(req.scope)
  const { options } = chatModule(req)
  await saveChatSettings(store, req.validatedBody, options)
  res.json(await chatSettingsView(store, options))
}
