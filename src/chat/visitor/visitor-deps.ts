import { ConversationRepository, type MessageNotices } from "../../modules/support-chat/sql/conversation-repository"
import { ReadMarksRepository } from "../../modules/support-chat/sql/read-marks-repository"
import { FeedbackRepository } from "../../modules/support-chat/sql/feedback-repository"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import { DailyQuotaRepository, type DailyQuota } from "../../modules/launchdesk/sql/daily-quota-repository"
import { RateLimitRepository, type Limiter } from "../../modules/launchdesk/sql/rate-limit-repository"
import { SettingsRepository } from "../../modules/launchdesk/sql/settings-repository"
import { StoreLanguagesRepository } from "../../modules/launchdesk/sql/store-languages-repository"
import { storeLanguages } from "../../shared/locale"
import type { SqlRunner } from "../../shared/sql"
import { loadChatSettings } from "../settings"
import type { VisitorEffects } from "./deferred-effects"
import { visitorSettings } from "./options"
import type { PollSource } from "../../modules/support-chat/runtime/poll-cache"
import type { VisitorDeps } from "./visitor-api"

/** The statements behind the visitor routes; the same classes on both lanes. */
export type VisitorStores = {
  store: ConversationRepository
  readMarks: ReadMarksRepository
  feedback: FeedbackRepository
  limiter: Limiter
  dailyQuota: DailyQuota
  settings: SettingsRepository
  languages: StoreLanguagesRepository
}

/**
 * The stores over one pool: the fast lane's, or the Medusa app's (src/medusa/chat.ts);
 * `notices` when the process's push fan-out announces messages itself (modules/support-chat/runtime/fanout.ts).
 */
export const sqlVisitorStores = (sql: SqlRunner, notices?: MessageNotices): VisitorStores => ({
  store: new ConversationRepository(sql, notices),
  readMarks: new ReadMarksRepository(sql),
  feedback: new FeedbackRepository(sql),
  limiter: new RateLimitRepository(sql),
  dailyQuota: new DailyQuotaRepository(sql),
  settings: new SettingsRepository(sql),
  languages: new StoreLanguagesRepository(sql),
})

export type VisitorDepsInput = {
  stores: VisitorStores
  /** The plugin options: limits, cookie, model settings. */
  options: SupportChatOptions
  /** What follows a session, a customer link or a rating. */
  effects: Pick<VisitorEffects, "onConversationCreated" | "onCustomerLinked" | "onConversationRated">
  /** What runs or announces a stored message's recorded effects (VisitorDeps' `effectsRecorded`). */
  effectsRecorded: VisitorDeps["effectsRecorded"]
  pollSource?: PollSource
  signals: VisitorDeps["signals"]
  warn: (message: string) => void
}

/** What the visitor operations run on, for either lane: only where stores and effects come from differs. */
export function buildVisitorDeps({
  stores,
  options,
  effects,
  effectsRecorded,
  pollSource,
  signals,
  warn,
}: VisitorDepsInput): VisitorDeps {
  return {
    store: stores.store,
    readMarks: stores.readMarks,
    feedback: stores.feedback,
    signals,
    pollSource,
    limiter: stores.limiter,
    settings: visitorSettings(options),
    dailyQuota: stores.dailyQuota,
    chatSettings: () => loadChatSettings(stores.settings, options),
    storeLanguages: async () => storeLanguages(await stores.languages.read()),
    onConversationCreated: effects.onConversationCreated,
    onCustomerLinked: effects.onCustomerLinked,
    onConversationRated: effects.onConversationRated,
    effectsRecorded,
    warn,
  }
}
