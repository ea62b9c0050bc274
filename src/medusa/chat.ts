import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import type { BridgeDelivery } from "../chat/bridge/delivery"
import type { PushRuntime } from "../chat/push/runtime"
import type { AdminStreamDeps, VisitorStreamDeps } from "../chat/push/stream"
import type { ChatSettings } from "../chat/settings"
import type { EffectsRelay } from "../chat/visitor/effects-relay"
import type { VisitorDeps } from "../chat/visitor/visitor-api"
import type { MedusaRequest } from "@medusajs/framework/http"
import { DEFAULT_BRIDGE_AUTH_LIMIT, type BridgeAuthDeps } from "../chat/bridge/secret"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { limitRule } from "../chat/visitor/options"
import { medusaClientOf } from "./client-ip"

/**
 * The chat's parts as Medusa's routes, steps and jobs reach them: through the chat module,
 * which keeps what lives per process (modules/support-chat/chat-runtime.ts). A job's container
 * hands out a new proxy of the service on every run; the runtime behind it stays the same.
 */
const chatModule = (scope: MedusaContainer) => scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/** This process's push machinery (LISTEN connection, poll cache, stream caps). */
export function medusaPush(scope: MedusaContainer): Promise<PushRuntime> {
  return chatModule(scope).push()
}

export async function medusaVisitorDeps(scope: MedusaContainer): Promise<VisitorDeps> {
  return chatModule(scope).visitorDeps()
}

/** This process's relay of fast-lane effects; the first call also subscribes it to their NOTIFY. */
export async function medusaEffectsRelay(scope: MedusaContainer): Promise<EffectsRelay> {
  return chatModule(scope).effectsRelay()
}

/** The team-chat delivery over the Medusa modules' connections. */
export async function bridgeDelivery(scope: MedusaContainer): Promise<BridgeDelivery> {
  return chatModule(scope).bridgeDelivery()
}

/** The chat's effective bridge settings (plugin options over saved values). */
export function bridgeSettings(scope: MedusaContainer): Promise<ChatSettings["bridge"]> {
  return chatModule(scope).bridgeSettings()
}

const warnVia = (scope: MedusaContainer) => {
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  return (message: string) => logger.warn(message)
}

export async function medusaVisitorStreamDeps(scope: MedusaContainer): Promise<VisitorStreamDeps> {
  const chat = chatModule(scope)
  const push = await chat.push()
  return {
    store: await chat.conversations(),
    onCustomerLinked: (await chat.visitorDeps()).onCustomerLinked,
    seen: push.pollCache,
    // The visitor's own reads: attachment links to the store's download route.
    messages: await chat.conversations(),
    readMarks: await chat.readMarks(),
    feed: push.feed,
    signals: push.signals,
    slots: push.visitorSlots,
    settings: push.settings,
    warn: warnVia(scope),
  }
}

export async function medusaConversationStreamDeps(scope: MedusaContainer): Promise<AdminStreamDeps> {
  const chat = chatModule(scope)
  const push = await chat.push()
  const inbox = await chat.inbox()
  return {
    conversationExists: async (id) => (await inbox.findConversation(id)) !== null,
    messages: inbox,
    readMarks: await chat.readMarks(),
    feed: push.feed,
    signals: push.signals,
    slots: push.adminSlots,
    settings: push.settings,
    warn: warnVia(scope),
  }
}

/** What the bridge hook's gate needs for one request: the secret, the shared limiter, the client. */
export async function bridgeAuthDeps(req: MedusaRequest): Promise<BridgeAuthDeps> {
  return {
    limiter: await req.scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    rule: limitRule(chatModule(req.scope).options.rateLimits?.bridgeAuth, DEFAULT_BRIDGE_AUTH_LIMIT),
    clientKey: medusaClientOf(req)?.key,
    expected: (await bridgeSettings(req.scope)).shared_secret,
  }
}
