import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { IEventBusModuleService, Logger } from "@medusajs/framework/types"
import { knexRunner } from "../../shared/sql"
import { CHAT_EVENTS } from "../../chat/events"
import { loadChatSettings, type ChatSettings } from "../../chat/settings"
import { BridgeDelivery } from "../../chat/bridge/delivery"
import { createBridgeProvider } from "../../chat/bridge/providers"
import { publicServerUrl } from "../../chat/attachments/settings"
import { createFanout, fanoutSettings, type Fanout } from "../../chat/push/fanout"
import { createPushRuntime, type PushRuntime } from "../../chat/push/runtime"
import { pushSettings } from "../../chat/push/stream"
import type { VisitorEffects } from "../../chat/visitor/deferred-effects"
import { createEffectsRelay, type EffectsRelay } from "../../chat/visitor/effects-relay"
import type { VisitorDeps } from "../../chat/visitor/visitor-api"
import { buildVisitorDeps, sqlVisitorStores, type VisitorStores } from "../../chat/visitor/visitor-deps"
import { OutboxRepository } from "../launchdesk/sql/outbox-repository"
import type { LaunchDeskOptions } from "../launchdesk/service"
import type { SupportChatOptions } from "./types"

export type ChatRuntimeInput = {
  /** The app's shared connection pool; the LISTEN connection is opened beside it. */
  knex: Knex
  /** Resolved when an event leaves: the event bus module may load after this one. */
  eventBus: () => IEventBusModuleService
  logger: Logger
  /** The plugin options (every module of the plugin gets the same). */
  options: SupportChatOptions & Pick<LaunchDeskOptions, "maxDeliveryAttempts">
  /** Medusa's `projectConfig.redisUrl`: the Redis fan-out's server unless `push.redisUrl` names one. */
  redisUrl?: string
  /** Medusa's `admin.backendUrl`: the server's public URL for attachment links unless `backendUrl` names one. */
  adminBackendUrl?: string
}

/**
 * What one Medusa process keeps for the chat: the push machinery (one LISTEN connection, the
 * idle-poll cache, the stream caps), the visitor routes' deps, the team-chat delivery and the
 * relay of the fast lane's effects. The module's loader creates it and the service's shutdown
 * hook closes it. Parts are built on first use, so a process that never serves the chat (a
 * migration, `medusa exec`) opens nothing. The statements are the modules' own classes over the
 * app's pool, built as the fast lane builds them over its pool (`sqlVisitorStores`).
 */
export class ChatRuntime {
  readonly bridge: BridgeDelivery
  /** How commit notices travel between processes (PostgreSQL or Redis); its connections open on first use. */
  readonly fanout: Fanout
  private readonly stores: VisitorStores
  private readonly outbox: OutboxRepository
  private readonly warn: (message: string) => void
  private push_?: PushRuntime
  private visitorDeps_?: VisitorDeps
  private relay_?: EffectsRelay

  constructor(private readonly input: ChatRuntimeInput) {
    const sql = knexRunner(input.knex)
    this.warn = (message) => input.logger.warn(message)
    this.fanout = createFanout({
      knex: input.knex,
      settings: fanoutSettings(input.options, input.redisUrl),
      warn: this.warn,
    })
    this.stores = sqlVisitorStores(sql, this.fanout.messageNotices)
    this.outbox = new OutboxRepository(sql, { maxAttempts: input.options.maxDeliveryAttempts })
    this.bridge = new BridgeDelivery({
      outbox: this.outbox,
      chat: this.stores.store,
      provider: async () => createBridgeProvider(await this.bridgeSettings()),
      warn: this.warn,
      backendUrl: publicServerUrl(input.options.backendUrl, input.adminBackendUrl),
    })
  }

  /** The chat's effective bridge settings (plugin options over saved values). */
  async bridgeSettings(): Promise<ChatSettings["bridge"]> {
    return (await loadChatSettings(this.stores.settings, this.input.options)).bridge
  }

  push(): PushRuntime {
    this.push_ ??= createPushRuntime({
      fanout: this.fanout,
      store: this.stores.store,
      settings: pushSettings(this.input.options),
      warn: this.warn,
    })
    return this.push_
  }

  /** What the visitor routes run on in this process; built once, so an idle poll pays no setup. */
  visitorDeps(): VisitorDeps {
    this.visitorDeps_ ??= buildVisitorDeps({
      stores: this.stores,
      options: this.input.options,
      effects: this.visitorEffects(),
      // Run at once, as before the answer; what fails stays recorded for the relay job.
      effectsRecorded: async (conversationId) => {
        await this.effectsRelay().runConversation(conversationId)
      },
      pollSource: this.push().pollCache,
      signals: this.push().signals,
      warn: this.warn,
    })
    return this.visitorDeps_
  }

  /** The relay of the fast lane's recorded effects; the first call subscribes it to their NOTIFY. */
  effectsRelay(): EffectsRelay {
    this.relay_ ??= createEffectsRelay({
      outbox: this.outbox,
      effects: this.visitorEffects(),
      listener: this.push().listener,
      warn: this.warn,
    })
    return this.relay_
  }

  /** Ends every open stream and closes the fan-out's connections (the application shuts down). */
  async close(): Promise<void> {
    const push = this.push_
    this.push_ = undefined
    this.visitorDeps_ = undefined
    this.relay_ = undefined
    await push?.close()
    await this.fanout.close()
  }

  /**
   * What follows a visitor operation on the Medusa side: events and team-chat posts. A stored
   * message's effect is recorded with the message on either lane and run through these hooks
   * (at once by the route that stored it, else by the relay); the fast lane records its other
   * effects for them too.
   */
  private visitorEffects(): VisitorEffects {
    const emit = (name: string, data: object) => this.input.eventBus().emit({ name, data })
    return {
      onConversationCreated: (data) => emit(CHAT_EVENTS.CONVERSATION_CREATED, data),
      onVisitorMessage: async (data) => {
        // The team-chat post is recorded first (a failure leaves the effect to be retried
        // whole) and tried in the background; then the event.
        await this.bridge.afterMessageStored(data)
        await emit(CHAT_EVENTS.MESSAGE_CREATED, { ...data, sender: "visitor" })
      },
      onAutoReply: (data) => emit(CHAT_EVENTS.MESSAGE_CREATED, { ...data, sender: "auto" }),
      onCustomerLinked: (data) => emit(CHAT_EVENTS.CONVERSATION_CUSTOMER_LINKED, data),
      onConversationRated: (data) => emit(CHAT_EVENTS.CONVERSATION_RATED, data),
    }
  }
}
