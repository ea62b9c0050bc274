import { ChatSqlStore } from "../../modules/support-chat/chat-sql-store"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import { SqlDailyQuota, type DailyQuota } from "../../shared/daily-quota"
import { SqlLimiter, type Limiter } from "../../shared/limiter"
import { SettingsSqlStore } from "../../shared/settings-store"
import type { SqlRunner } from "../../shared/sql"
import { loadChatSettings } from "../settings"
import type { VisitorEffects } from "./deferred-effects"
import { visitorSettings } from "./options"
import type { PollSource, VisitorDeps } from "./visitor-api"

/** The statements behind the visitor routes; the same classes on both lanes. */
export type VisitorStores = {
  store: ChatSqlStore
  limiter: Limiter
  dailyQuota: DailyQuota
  settings: SettingsSqlStore
}

/** The stores over one pool (the fast lane's; Medusa takes its modules' instances). */
export const sqlVisitorStores = (sql: SqlRunner): VisitorStores => ({
  store: new ChatSqlStore(sql),
  limiter: new SqlLimiter(sql),
  dailyQuota: new SqlDailyQuota(sql),
  settings: new SettingsSqlStore(sql),
})

export type VisitorDepsInput = {
  stores: VisitorStores
  /** The plugin options: limits, cookie, model settings. */
  options: SupportChatOptions
  effects: VisitorEffects
  pollSource?: PollSource
  warn: (message: string) => void
}

/** What the visitor operations run on, for either lane: only where stores and effects come from differs. */
export function buildVisitorDeps({ stores, options, effects, pollSource, warn }: VisitorDepsInput): VisitorDeps {
  return {
    store: stores.store,
    pollSource,
    limiter: stores.limiter,
    settings: visitorSettings(options),
    dailyQuota: stores.dailyQuota,
    chatSettings: () => loadChatSettings(stores.settings, options),
    ...effects,
    warn,
  }
}
