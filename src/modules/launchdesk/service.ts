import { MedusaService } from "@medusajs/framework/utils"
import { knexRunner, type ModuleConnection } from "../../shared/sql"
import { RateLimitWindow } from "./models/rate-limit-window"
import { Setting } from "./models/setting"
import { OutboxEntry } from "./models/outbox-entry"
import {
  launchDeskRepositories,
  type LaunchDeskRepositories,
  type CallBudgetRepository,
  type OutboxRepository,
  type RateLimitRepository,
  type SettingsRepository,
  type StoreLanguagesRepository,
} from "./sql"
import { clientIpResolver, type ClientAddress } from "../../shared/client-ip"
import { checkPluginOptions, type LaunchDeskPluginOptionsType } from "../../shared/plugin-options"

/**
 * The plugin options (src/shared/plugin-options/); this module reads `clientIp`, which the
 * fast lane reads too, and `maxDeliveryAttempts`, which the signup ledger reads too.
 */
export type LaunchDeskOptions = LaunchDeskPluginOptionsType

/** Infrastructure both features share: rate-limit counters, stored settings, the outbox. */
class LaunchDeskModuleService extends MedusaService({ RateLimitWindow, Setting, OutboxEntry }) {
  private readonly repositories_: LaunchDeskRepositories
  private readonly clientOf_: ReturnType<typeof clientIpResolver>

  constructor(container: ModuleConnection, options: LaunchDeskOptions = {}) {
    // eslint-disable-next-line prefer-rest-params -- forwards all the module loader gives, as Medusa's own module services do
    super(...arguments)
    // A bad option value stops the start here, naming the option, before anything reads it.
    checkPluginOptions(options)
    this.repositories_ = launchDeskRepositories(knexRunner(container.manager.getKnex()), {
      maxDeliveryAttempts: options.maxDeliveryAttempts,
    })
    // Compiled once: a trust list Express would refuse stops the app at start, not per request.
    this.clientOf_ = clientIpResolver(options.clientIp)
  }

  /** The client behind a request's socket peer and X-Forwarded-For, by `clientIp.trustProxy`. */
  clientOf(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): ClientAddress | undefined {
    return this.clientOf_(socketAddress, forwardedFor)
  }

  /** Per-IP request counters (one atomic upsert per hit) and their pruning. */
  async rateLimits(): Promise<RateLimitRepository> {
    return this.repositories_.rateLimits
  }

  /** Stored settings by namespace; a save is one statement. */
  async settings(): Promise<SettingsRepository> {
    return this.repositories_.settings
  }

  /** Calls to the outside world recorded before they are tried, with leases and retries. */
  async outbox(): Promise<OutboxRepository> {
    return this.repositories_.outbox
  }

  /**
   * The plugin's generated signing key (32 random bytes, one row, made by the first process
   * that asks); used only when no key is configured. Never Medusa's cookie or JWT secret.
   */
  async signingKey(): Promise<Buffer> {
    return this.repositories_.signingKey.key()
  }

  /** Where the store's languages come from: the Store module's locales and the plugin's own settings. */
  async languages(): Promise<StoreLanguagesRepository> {
    return this.repositories_.languages
  }

  /** Outgoing-call allowances shared by every process (a provider's rate limit and its 429 hold-offs). */
  async callBudget(): Promise<CallBudgetRepository> {
    return this.repositories_.callBudget
  }
}

export default LaunchDeskModuleService
