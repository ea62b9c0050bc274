import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../modules/launchdesk"
import { loadChatSettings, type ChatSettings } from "../settings"
import { BridgeDelivery } from "./delivery"
import { createBridgeProvider } from "./providers"

/** The chat's effective bridge settings (plugin options over saved values). */
export async function bridgeSettings(container: MedusaContainer): Promise<ChatSettings["bridge"]> {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const launchdesk = container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  return (await loadChatSettings(await launchdesk.settingsStore(), chat.options)).bridge
}

/** The bridge delivery over the Medusa modules' connections. */
export async function bridgeDelivery(container: MedusaContainer): Promise<BridgeDelivery> {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const launchdesk = container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return new BridgeDelivery({
    outbox: await launchdesk.outboxStore(),
    chat: await chat.visitorStore(),
    provider: async () => createBridgeProvider(await bridgeSettings(container)),
    warn: (message) => logger.warn(message),
  })
}
