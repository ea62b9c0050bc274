import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import { createPushRuntime, type PushRuntime } from "./runtime"
import { pushSettings, type AdminStreamDeps, type VisitorStreamDeps } from "./stream"

// One per app's shared connection: one LISTEN connection per Medusa process.
const runtimes = new WeakMap<Knex, Promise<PushRuntime>>()

async function buildRuntime(scope: MedusaContainer, knex: Knex): Promise<PushRuntime> {
  const chat = scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  return createPushRuntime({
    knex,
    store: await chat.visitorStore(),
    settings: pushSettings(chat.options),
    warn: (message) => logger.warn(message),
  })
}

/** This Medusa process's push machinery (LISTEN connection, poll cache, stream caps). */
export function medusaPush(scope: MedusaContainer): Promise<PushRuntime> {
  const knex = scope.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  let runtime = runtimes.get(knex)
  if (!runtime) {
    runtime = buildRuntime(scope, knex)
    runtimes.set(knex, runtime)
    runtime.catch(() => runtimes.delete(knex))
  }
  return runtime
}

const warnVia = (scope: MedusaContainer) => {
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  return (message: string) => logger.warn(message)
}

export async function medusaVisitorStreamDeps(scope: MedusaContainer): Promise<VisitorStreamDeps> {
  const chat = scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const push = await medusaPush(scope)
  return {
    store: await chat.visitorStore(),
    seen: push.pollCache,
    messages: await chat.inboxStore(),
    feed: push.feed,
    slots: push.visitorSlots,
    settings: push.settings,
    warn: warnVia(scope),
  }
}

export async function medusaConversationStreamDeps(scope: MedusaContainer): Promise<AdminStreamDeps> {
  const chat = scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const push = await medusaPush(scope)
  const inbox = await chat.inboxStore()
  return {
    conversationExists: async (id) => (await inbox.findConversation(id)) !== null,
    messages: inbox,
    feed: push.feed,
    slots: push.adminSlots,
    settings: push.settings,
    warn: warnVia(scope),
  }
}
