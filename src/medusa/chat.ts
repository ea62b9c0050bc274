import type { ConfigModule, IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaRequest } from "@medusajs/framework/http"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { BridgeDelivery } from "../modules/support-chat/runtime/bridge-delivery"
import type { PushRuntime } from "../modules/support-chat/runtime/push-runtime"
import { createBridgeProvider } from "../modules/support-chat/providers/providers"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { OutboxRepository } from "../modules/launchdesk/sql/outbox-repository"
import { knexRunner } from "../shared/sql"
import type { AdminStreamDeps, VisitorStreamDeps } from "../chat/push/stream"
import { loadChatSettings, type ChatSettings } from "../chat/settings"
import { publicServerUrl } from "../chat/attachments/settings"
import { CHAT_EVENTS } from "../chat/events"
import { DEFAULT_BRIDGE_AUTH_LIMIT, type BridgeAuthDeps } from "../chat/bridge/secret"
import type { VisitorEffects } from "../chat/visitor/deferred-effects"
import { createEffectsRelay, type EffectsRelay } from "../chat/visitor/effects-relay"
import type { VisitorDeps } from "../chat/visitor/visitor-api"
import { buildVisitorDeps, sqlVisitorStores, type VisitorStores } from "../chat/visitor/visitor-deps"
import { limitRule } from "../chat/visitor/options"
import { medusaClientOf } from "./client-ip"

/**
 * The chat's parts as Medusa's routes, steps and jobs reach them: built once per process over
 * the chat module (`perProcess`), which keeps them beside its push runtime until the
 * application stops. A job's container hands out a new proxy of the service on every run; what
 * the module keeps behind it stays the same.
 */
const chatModule = (scope: MedusaContainer) => scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/** The statements and the team-chat delivery over the app's pool; they open nothing of their own. */
type ChatParts = { stores: VisitorStores; outbox: OutboxRepository; bridge: BridgeDelivery; effects: VisitorEffects }
/** What also needs this process's push machinery (its LISTEN connection opens on first use). */
type PushedParts = { visitorDeps: VisitorDeps; relay: EffectsRelay }

const CHAT_PARTS = Symbol("launchdesk chat parts")
const PUSHED_PARTS = Symbol("launchdesk pushed chat parts")

function chatParts(scope: MedusaContainer): ChatParts {
  const chat = chatModule(scope)
  return chat.perProcess(CHAT_PARTS, () => {
    const sql = knexRunner(scope.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION))
    const config = scope.resolve<ConfigModule | undefined>(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true })
    const eventBus = scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    const warn = warnVia(scope)
    const stores = sqlVisitorStores(sql, chat.messageNotices())
    const outbox = new OutboxRepository(sql, { maxAttempts: chat.options.maxDeliveryAttempts })
    const bridge = new BridgeDelivery({
      outbox,
      chat: stores.store,
      provider: async () => createBridgeProvider((await loadChatSettings(stores.settings, chat.options)).bridge),
      warn,
      backendUrl: publicServerUrl(chat.options.backendUrl, config?.admin?.backendUrl),
    })
    return { stores, outbox, bridge, effects: visitorEffects(eventBus, bridge) }
  })
}

async function pushedParts(scope: MedusaContainer): Promise<PushedParts & { push: PushRuntime }> {
  const chat = chatModule(scope)
  const push = await chat.push()
  const parts = chatParts(scope)
  const pushed = chat.perProcess(PUSHED_PARTS, (): PushedParts => {
    const warn = warnVia(scope)
    const relay = createEffectsRelay({ outbox: parts.outbox, effects: parts.effects, listener: push.listener, warn })
    const visitorDeps = buildVisitorDeps({
      stores: parts.stores,
      options: chat.options,
      effects: parts.effects,
      // Run at once, as before the answer; what fails stays recorded for the relay job.
      effectsRecorded: async (conversationId) => {
        await relay.runConversation(conversationId)
      },
      pollSource: push.pollCache,
      signals: push.signals,
      warn,
    })
    return { visitorDeps, relay }
  })
  return { ...pushed, push }
}

/**
 * What follows a visitor operation on the Medusa side: events and team-chat posts. A stored
 * message's effect is recorded with the message on either lane and run through these hooks
 * (at once by the route that stored it, else by the relay); the fast lane records its other
 * effects for them too.
 */
function visitorEffects(eventBus: IEventBusModuleService, bridge: BridgeDelivery): VisitorEffects {
  const emit = (name: string, data: object) => eventBus.emit({ name, data })
  return {
    onConversationCreated: (data) => emit(CHAT_EVENTS.CONVERSATION_CREATED, data),
    onVisitorMessage: async (data) => {
      // The team-chat post is recorded first (a failure leaves the effect to be retried
      // whole) and tried in the background; then the event.
      await bridge.afterMessageStored(data)
      await emit(CHAT_EVENTS.MESSAGE_CREATED, { ...data, sender: "visitor" })
    },
    onAutoReply: (data) => emit(CHAT_EVENTS.MESSAGE_CREATED, { ...data, sender: "auto" }),
    onCustomerLinked: (data) => emit(CHAT_EVENTS.CONVERSATION_CUSTOMER_LINKED, data),
    onConversationRated: (data) => emit(CHAT_EVENTS.CONVERSATION_RATED, data),
  }
}

/** This process's push machinery (LISTEN connection, poll cache, stream caps). */
export function medusaPush(scope: MedusaContainer): Promise<PushRuntime> {
  return chatModule(scope).push()
}

/** What the visitor routes run on in this process; built once, so an idle poll pays no setup. */
export async function medusaVisitorDeps(scope: MedusaContainer): Promise<VisitorDeps> {
  return (await pushedParts(scope)).visitorDeps
}

/** This process's relay of fast-lane effects; the first call also subscribes it to their NOTIFY. */
export async function medusaEffectsRelay(scope: MedusaContainer): Promise<EffectsRelay> {
  return (await pushedParts(scope)).relay
}

/** The team-chat delivery over the Medusa modules' connections. */
export async function bridgeDelivery(scope: MedusaContainer): Promise<BridgeDelivery> {
  return chatParts(scope).bridge
}

/** The chat's effective bridge settings (plugin options over saved values). */
export async function bridgeSettings(scope: MedusaContainer): Promise<ChatSettings["bridge"]> {
  return (await loadChatSettings(chatParts(scope).stores.settings, chatModule(scope).options)).bridge
}

/** The store's overrides of the widgets' own texts from the admin (`widget_labels`), every locale's. */
export async function widgetLabelSettingsOf(scope: MedusaContainer): Promise<ChatSettings["widget_labels"]> {
  return (await loadChatSettings(chatParts(scope).stores.settings, chatModule(scope).options)).widget_labels
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
    onCustomerLinked: (await medusaVisitorDeps(scope)).onCustomerLinked,
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
