import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import { knexRunner } from "../../../shared/sql"
import { ConversationRepository } from "../sql/conversation-repository"
import type { SupportChatOptions } from "../types"
import { createFanout, fanoutSettings, type Fanout } from "./fanout"
import { createPushRuntime, type PushRuntime } from "./push-runtime"
import { pushSettings } from "./push-settings"

export type ChatRuntimeInput = {
  /** The app's shared connection pool; the LISTEN connection is opened beside it. */
  knex: Knex
  logger: Logger
  /** The plugin options (every module of the plugin gets the same). */
  options: SupportChatOptions
  /** Medusa's `projectConfig.redisUrl`: the Redis fan-out's server unless `push.redisUrl` names one. */
  redisUrl?: string
}

/**
 * What one Medusa process keeps for the chat: the push machinery (one LISTEN connection, the
 * idle-poll cache, the stream caps) and what the Medusa glue builds once over it (`perProcess`).
 * The module's loader creates it and the service's shutdown hook closes it. The push runtime is
 * built on first use, so a process that never serves the chat (a migration, `medusa exec`)
 * opens nothing.
 */
export class ChatRuntime {
  /** How commit notices travel between processes (PostgreSQL or Redis); its connections open on first use. */
  readonly fanout: Fanout
  private readonly store: ConversationRepository
  private readonly warn: (message: string) => void
  private push_?: PushRuntime
  private readonly kept = new Map<symbol, unknown>()

  constructor(private readonly input: ChatRuntimeInput) {
    this.warn = (message) => input.logger.warn(message)
    this.fanout = createFanout({
      knex: input.knex,
      settings: fanoutSettings(input.options, input.redisUrl),
      warn: this.warn,
    })
    this.store = new ConversationRepository(knexRunner(input.knex), this.fanout.messageNotices)
  }

  push(): PushRuntime {
    this.push_ ??= createPushRuntime({
      fanout: this.fanout,
      store: this.store,
      settings: pushSettings(this.input.options),
      warn: this.warn,
    })
    return this.push_
  }

  /**
   * What a caller builds once per process (the visitor routes' deps, the effects relay, the
   * team-chat delivery): built by the first call under `key`, kept until the runtime closes.
   */
  perProcess<Part>(key: symbol, build: () => Part): Part {
    if (!this.kept.has(key)) this.kept.set(key, build())
    return this.kept.get(key) as Part
  }

  /** Ends every open stream and closes the fan-out's connections (the application shuts down). */
  async close(): Promise<void> {
    const push = this.push_
    this.push_ = undefined
    this.kept.clear()
    await push?.close()
    await this.fanout.close()
  }
}
