import { AbstractNotificationProviderService, ModuleProvider, Modules } from "@medusajs/framework/utils"
import type { ProviderSendNotificationDTO, ProviderSendNotificationResultsDTO } from "@medusajs/framework/types"

/**
 * What the email double saw and how it behaves, shared with the spec through `globalThis`:
 * Medusa loads the provider through its own module loader, which may not share the spec's
 * module instances.
 */
export type EmailDoubleState = {
  sent: ProviderSendNotificationDTO[]
  /** Addresses whose sends fail, as a mail server refusing them would. */
  failing: Set<string>
}

const KEY = "__launchdeskEmailDouble"

export function emailDouble(): EmailDoubleState {
  const shared = globalThis as typeof globalThis & { [KEY]?: EmailDoubleState }
  shared[KEY] ??= { sent: [], failing: new Set() }
  return shared[KEY]
}

/** A Notification provider for the `email` channel that records each email and fails on demand. */
class EmailDoubleService extends AbstractNotificationProviderService {
  static identifier = "email-double"

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    const state = emailDouble()
    if (state.failing.has(notification.to)) throw new Error(`550 mailbox unavailable: ${notification.to}`)
    state.sent.push(notification)
    return { id: `double-${state.sent.length}` }
  }
}

export default ModuleProvider(Modules.NOTIFICATION, { services: [EmailDoubleService] })
