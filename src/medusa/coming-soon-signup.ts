import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { VISITOR_EFFECTS_CHANNEL } from "../modules/support-chat/runtime/fanout"
import { comingSoonConfigOf, comingSoonModule, comingSoonSettingsOf, mailerBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { loadProductWithSettings } from "../coming-soon/product-settings"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { startConfirmation } from "./coming-soon-confirmation"
import type { ComingSoonSettings } from "../coming-soon/settings"
import type { SignupDeps } from "../coming-soon/signup"
import { createSignupRelay, recordSignup, type SignupEffectHooks, type SignupRelay } from "../coming-soon/signup-record"

const SIGNUP_RELAY = Symbol("launchdesk.signupRelay")

/** What a recorded signup effect runs through in a Medusa process: Medusa's bus, the confirmation email. */
function signupEffectHooks(container: MedusaContainer): SignupEffectHooks {
  return {
    emitCreated: async (data) => {
      await container.resolve<IEventBusModuleService>(Modules.EVENT_BUS).emit({ name: COMING_SOON_EVENTS.SIGNUP_CREATED, data })
    },
    startConfirmation: (signup) => startConfirmation(container, signup),
  }
}

/**
 * This process's relay of signup events (either lane's rows); the first call also subscribes
 * it to the fast lane's wake-ups, on the chat's effects channel (one LISTEN for both).
 */
export async function medusaSignupRelay(container: MedusaContainer): Promise<SignupRelay> {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const push = await chat.push()
  const signups = await comingSoonModule(container).signups()
  const outbox = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).outbox()
  return chat.perProcess(SIGNUP_RELAY, () => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    return createSignupRelay({
      outbox,
      signups,
      hooks: signupEffectHooks(container),
      listener: push.listener,
      channel: VISITOR_EFFECTS_CHANNEL,
      warn: (message) => logger.warn(message),
    })
  })
}

/** What the signup action needs, from Medusa's container. */
export async function signupDepsOf(container: MedusaContainer): Promise<SignupDeps> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // Read once per request: the checks and the subscribe see the same settings.
  let saved: Promise<ComingSoonSettings> | undefined
  const settings = () => (saved ??= comingSoonSettingsOf(container))
  const comingSoon = comingSoonModule(container)
  const config = comingSoonConfigOf(container)
  const warn = (message: string) => logger.warn(message)
  return {
    config,
    tokenKey: await signupTokenKeyOf(container),
    settings,
    limiter: await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    findProduct: (productId) => loadProductWithSettings(container, productId),
    record: async (input) =>
      recordSignup(
        {
          signups: await comingSoon.signups(),
          waitlist: await comingSoon.waitlist(),
          config,
          settings,
          mailerBudget: () => mailerBudgetOf(container),
          log: logger,
          // The row and its event's outbox item are committed: both leave the request's path.
          afterCreated: (signup) => {
            startConfirmation(container, signup)
            void medusaSignupRelay(container)
              .then((relay) => relay.runSignup(signup.id))
              .catch((error: unknown) => warn(`launchdesk: the event of signup ${signup.id} is left to the relay job: ${error}`))
          },
          startsConfirmation: true,
        },
        input
      ),
    warn,
  }
}
