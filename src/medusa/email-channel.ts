import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

type ProviderConfig = { options?: { channels?: string[] } }

/**
 * True when the host configured a Notification provider for the `email` channel. Without one,
 * Medusa stores a failed notification and throws a message naming its own id; callers check
 * first and say plainly what is missing.
 */
export function hasEmailProvider(container: MedusaContainer): boolean {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const notification = config.modules?.[Modules.NOTIFICATION]
  if (!notification || typeof notification !== "object" || !("options" in notification)) {
    return false
  }
  const providers = (notification.options as { providers?: ProviderConfig[] } | undefined)?.providers ?? []
  return providers.some((provider) => provider.options?.channels?.includes("email"))
}

export const NO_EMAIL_PROVIDER = 'no Notification provider for the "email" channel'
