import type { MedusaContainer } from "@medusajs/framework/types"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../src/modules/support-chat"

export const chatModule = (container: MedusaContainer) =>
  container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/** The stored conversation row (integer ids are looked up by filter). */
export async function storedConversation(container: MedusaContainer, id: number) {
  const [conversation] = await chatModule(container).listConversations({ id })
  if (!conversation) {
    throw new Error(`conversation ${id} not found`)
  }
  return conversation
}
