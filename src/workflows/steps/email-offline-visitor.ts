import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../modules/launchdesk"
import { loadChatSettings } from "../../chat/settings"

export const OFFLINE_EMAIL_TEMPLATE = "launchdesk.chat.reply"
// At most one email per conversation in this window, however many replies land.
const EMAIL_COOLDOWN_SECONDS = 15 * 60

export type EmailOfflineVisitorInput = {
  conversation_id: number
  message: string
  author_name: string | null
}

type ProviderConfig = { options?: { channels?: string[] } }

/** True when the host configured a Notification provider for the `email` channel. */
function hasEmailProvider(container: MedusaContainer): boolean {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const notification = config.modules?.[Modules.NOTIFICATION]
  if (!notification || typeof notification !== "object" || !("options" in notification)) {
    return false
  }
  const providers = (notification.options as { providers?: ProviderConfig[] } | undefined)?.providers ?? []
  return providers.some((provider) => provider.options?.channels?.includes("email"))
}

export const emailOfflineVisitorStepId = "email-offline-visitor"

/**
 * Emails a reply to a visitor who left: one email per conversation per 15 minutes, claimed
 * atomically in the database so concurrent replies in several processes send it once.
 * Never fails the reply: a missing provider or a failed send is logged and skipped.
 */
export const emailOfflineVisitorStep = createStep(
  emailOfflineVisitorStepId,
  async (input: EmailOfflineVisitorInput, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const store = await chat.visitorStore()
    const settings = await loadChatSettings(
      await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settingsStore(),
      chat.options
    )
    const offlineAfter = settings.offline_email_after_seconds

    const claim = await store.claimOfflineEmail(input.conversation_id, offlineAfter, EMAIL_COOLDOWN_SECONDS)
    if (!claim) {
      return new StepResponse({ sent: false })
    }
    if (!hasEmailProvider(container)) {
      await store.releaseOfflineEmail(input.conversation_id, claim.previous_sent_at)
      logger.info(
        `launchdesk: offline reply email for conversation ${input.conversation_id} skipped: no Notification provider for channel "email"`
      )
      return new StepResponse({ sent: false })
    }
    try {
      await container.resolve(Modules.NOTIFICATION).createNotifications({
        to: claim.email,
        channel: "email",
        template: OFFLINE_EMAIL_TEMPLATE,
        data: {
          conversation_id: input.conversation_id,
          reply: input.message,
          author_name: input.author_name,
          store_url: chat.options.storeUrl ?? claim.page_url,
        },
      })
      return new StepResponse({ sent: true })
    } catch (error) {
      await store.releaseOfflineEmail(input.conversation_id, claim.previous_sent_at)
      logger.warn(
        `launchdesk: offline reply email for conversation ${input.conversation_id} failed: ${(error as Error).message}`
      )
      return new StepResponse({ sent: false })
    }
  }
)
