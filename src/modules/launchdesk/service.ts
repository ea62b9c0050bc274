import { MedusaService, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { knexRunner } from "../../shared/sql"
import { SqlLimiter } from "../../shared/limiter"
import { RateLimitWindow } from "./models/rate-limit-window"
import { Setting } from "./models/setting"
import { SettingsSqlStore } from "../../shared/settings-store"
import { OutboxEntry } from "./models/outbox-entry"
import { OutboxSqlStore } from "../../shared/outbox"

/** Infrastructure both features share: rate-limit counters, stored settings, the outbox. */
class LaunchDeskModuleService extends MedusaService({ RateLimitWindow, Setting, OutboxEntry }) {
  private limiter_?: SqlLimiter
  private settings_?: SettingsSqlStore
  private outbox_?: OutboxSqlStore

  async limiter(): Promise<SqlLimiter> {
    const limiter = this.limiter_ ?? new SqlLimiter(knexRunner((await this.manager_()).getKnex()))
    this.limiter_ = limiter
    return limiter
  }

  async settingsStore(): Promise<SettingsSqlStore> {
    const settings = this.settings_ ?? new SettingsSqlStore(knexRunner((await this.manager_()).getKnex()))
    this.settings_ = settings
    return settings
  }

  async outboxStore(): Promise<OutboxSqlStore> {
    const outbox = this.outbox_ ?? new OutboxSqlStore(knexRunner((await this.manager_()).getKnex()))
    this.outbox_ = outbox
    return outbox
  }

  @InjectManager()
  protected async manager_(@MedusaContext() sharedContext: Context = {}): Promise<SqlEntityManager> {
    return sharedContext.manager as SqlEntityManager
  }
}

export default LaunchDeskModuleService
