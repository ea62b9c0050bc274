import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { sendEmail } from "./email-channel"
import { WAITING_ALERT_TEMPLATE, waitingAlertAdminUrl, type WaitingAlertDeps } from "../chat/waiting-alert"

/** The waiting alerts' dependencies in Medusa: Notification module, User module, the dashboard's URL. */
export async function waitingAlertDepsOf(container: MedusaContainer): Promise<WaitingAlertDeps> {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  return {
    store: await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).waitingAlerts(),
    send: (email) =>
      sendEmail(container, {
        to: email.to,
        template: WAITING_ALERT_TEMPLATE,
        data: email.data,
        receiver_id: email.receiver_id,
        resource_type: "chat_conversation",
        resource_id: String(email.data.conversation_id),
        trigger: WAITING_ALERT_TEMPLATE,
      }),
    userEmail: async (userId) => {
      const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["email"], take: 1 })
      return user?.email ?? null
    },
    adminUrl: (conversationId) => waitingAlertAdminUrl(config.admin, conversationId),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
