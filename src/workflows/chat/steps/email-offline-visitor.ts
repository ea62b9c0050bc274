import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../modules/launchdesk"
import { loadChatSettings } from "../../../chat/settings"
import { offlineEmailLink } from "../../../chat/offline-email-link"
import { hasEmailProvider } from "../../../medusa/email-channel"

export const OFFLINE_EMAIL_TEMPLATE = "launchdesk.chat.reply"
// At most one email per conversation in this window, however many replies land.
const EMAIL_COOLDOWN_SECONDS = 15 * 60

export type EmailOfflineVisitorInput = {
  conversation_id: number
  message: string
  author_name: string | null
}

type Logger = { info: (message: string) => void; warn: (message: string) => void }

/** Claims the conversation's email slot and sends; true when an email went out. */
async function emailOfflineVisitor(input: EmailOfflineVisitorInput, container: MedusaContainer, logger: Logger) {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const store = await chat.conversations()
  const settings = await loadChatSettings(
    await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settings(),
    chat.options
  )
  const claim = await store.claimOfflineEmail(input.conversation_id, settings.offline_email_after_seconds, EMAIL_COOLDOWN_SECONDS)
  if (!claim) {
    return false
  }
  if (!hasEmailProvider(container)) {
    await store.releaseOfflineEmail(input.conversation_id, claim.previous_sent_at)
    logger.info(
      `launchdesk: offline reply email for conversation ${input.conversation_id} skipped: no Notification provider for channel "email"`
    )
    return false
  }
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  try {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: claim.email,
      channel: "email",
      template: OFFLINE_EMAIL_TEMPLATE,
      data: {
        conversation_id: input.conversation_id,
        reply: input.message,
        author_name: input.author_name,
        store_url: offlineEmailLink(chat.options.storeUrl, config.projectConfig.http?.storeCors, claim.page_url),
        // The template's language: the conversation's, else the store's default.
        locale: claim.locale ?? settings.default_locale,
      },
    })
    return true
  } catch (error) {
    await store.releaseOfflineEmail(input.conversation_id, claim.previous_sent_at)
    throw error
  }
}

export const emailOfflineVisitorStepId = "email-offline-visitor"

/**
 * Emails a reply to a visitor who left: one email per conversation per 15 minutes, claimed
 * atomically in the database so concurrent replies in several processes send it once.
 * Best effort: any failure (no provider, a failed send, a database error) is logged and the
 * step succeeds, so the workflow never undoes a reply the shopper may already have seen.
 */
export const emailOfflineVisitorStep = createStep(
  emailOfflineVisitorStepId,
  async (input: EmailOfflineVisitorInput, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    try {
      return new StepResponse({ sent: await emailOfflineVisitor(input, container, logger) })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      logger.warn(`launchdesk: offline reply email for conversation ${input.conversation_id} failed: ${reason}`)
      return new StepResponse({ sent: false })
    }
  }
)
