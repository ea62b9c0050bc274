import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { sendEmail } from "./email-channel"
import { storeLanguagesOf } from "./locale"
import { WAITING_ALERT_TEMPLATE, waitingAlertAdminUrl, type WaitingAlertDeps } from "../chat/waiting-alert"

/** The waiting alerts' dependencies in Medusa: Notification module, User module, the dashboard's URL. */
export async function waitingAlertDepsOf(container: MedusaContainer): Promise<WaitingAlertDeps> {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  return {
    store: await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).waitingAlerts(),
    windows: await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    send: (email) =>
      sendEmail(container, {
        to: email.to,
        template: email.template,
        data: email.data,
        receiver_id: email.receiver_id,
        // A digest names its conversations in its data; its resource is the first of them.
        resource_type: "chat_conversation",
        resource_id: String(email.template === WAITING_ALERT_TEMPLATE ? email.data.conversation_id : email.data.conversations[0].conversation_id),
        trigger: WAITING_ALERT_TEMPLATE,
      }),
    userEmail: async (userId) => {
      const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["email"], take: 1 })
      return user?.email ?? null
    },
    adminUrl: (conversationId) => waitingAlertAdminUrl(config.admin, conversationId),
    locale: (await storeLanguagesOf(container)).fallback,
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
