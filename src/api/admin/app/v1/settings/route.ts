import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../../../modules/launchdesk"
import { chatSettingsView, saveChatSettings, type AdminUpdateChatSettingsType } from "../../../../../chat/settings"
import { chatModule } from "../helpers"

const settingsStore = (req: AuthenticatedMedusaRequest) =>
  req.scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settingsStore()

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await chatSettingsView(await settingsStore(req), chatModule(req).options))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateChatSettingsType>, res: MedusaResponse) => {
  const store = await settingsStore(req)
  await saveChatSettings(store, req.validatedBody)
  res.json(await chatSettingsView(store, chatModule(req).options))
}
