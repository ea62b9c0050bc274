import type { SqlRunner } from "../../../shared/sql"
import { CallBudgetRepository } from "./call-budget-repository"
import { DailyQuotaRepository } from "./daily-quota-repository"
import { OutboxRepository } from "./outbox-repository"
import { RateLimitRepository } from "./rate-limit-repository"
import { SettingsRepository } from "./settings-repository"
import { SigningKeyRepository } from "./signing-key-repository"
import { StoreLanguagesRepository } from "./store-languages-repository"

export type LaunchDeskRepositories = {
  rateLimits: RateLimitRepository
  dailyQuota: DailyQuotaRepository
  settings: SettingsRepository
  outbox: OutboxRepository
  callBudget: CallBudgetRepository
  signingKey: SigningKeyRepository
  languages: StoreLanguagesRepository
}

/**
 * The launchdesk tables' statements over one connection pool. The classes take any pool: the
 * fast lane and the chat runtime build the ones they need over theirs.
 */
export function launchDeskRepositories(sql: SqlRunner, options: { maxDeliveryAttempts?: number } = {}): LaunchDeskRepositories {
  return {
    rateLimits: new RateLimitRepository(sql),
    dailyQuota: new DailyQuotaRepository(sql),
    settings: new SettingsRepository(sql),
    outbox: new OutboxRepository(sql, { maxAttempts: options.maxDeliveryAttempts }),
    callBudget: new CallBudgetRepository(sql),
    signingKey: new SigningKeyRepository(sql),
    languages: new StoreLanguagesRepository(sql),
  }
}

export { StoreLanguagesRepository }
export { CallBudgetRepository, DailyQuotaRepository, OutboxRepository, RateLimitRepository, SettingsRepository, SigningKeyRepository }
