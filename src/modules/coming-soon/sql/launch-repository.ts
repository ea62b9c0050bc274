// Launch day's statements are written once, by role, beside this file; this class composes them
// into the one object the coming-soon service hands out (`launches()`).
import type { SqlRunner } from "../../../shared/sql"
import { LaunchConversionRepository } from "./launch-conversion-repository"
import { LaunchEmailRepository } from "./launch-email-repository"
import { LaunchStateRepository } from "./launch-state-repository"

export type { LaunchStats, PlacedOrder } from "./launch-conversion-repository"
export { personKeySql, type NotificationClaim, type PersonCode } from "./launch-email-repository"
export type { LaunchProgress, LaunchPromotion, LaunchRow, NewLaunch } from "./launch-state-repository"

/**
 * Launch day's statements: the launch itself (one statement, so two admins or two processes
 * racing the same product make one launch), each row's launch email claimed and settled through
 * the shared lease engine (as the mailing-list sync), and the counts the admin card shows.
 */
export class LaunchRepository {
  readonly state: LaunchStateRepository
  readonly emails: LaunchEmailRepository
  readonly conversions: LaunchConversionRepository

  /** `maxNotifyAttempts`: failed sends after which a row is `dead` (the `maxDeliveryAttempts` option). */
  constructor(sql: SqlRunner, options: { maxNotifyAttempts?: number } = {}) {
    this.state = new LaunchStateRepository(sql)
    this.emails = new LaunchEmailRepository(sql, options)
    this.conversions = new LaunchConversionRepository(sql)
  }

  // Launch state: the launch, running launches, due products, progress, finish.
  launch(...args: Parameters<LaunchStateRepository["launch"]>) {
    return this.state.launch(...args)
  }
  findLaunch(...args: Parameters<LaunchStateRepository["findLaunch"]>) {
    return this.state.findLaunch(...args)
  }
  runningLaunches(...args: Parameters<LaunchStateRepository["runningLaunches"]>) {
    return this.state.runningLaunches(...args)
  }
  dueScheduledProducts(...args: Parameters<LaunchStateRepository["dueScheduledProducts"]>) {
    return this.state.dueScheduledProducts(...args)
  }
  progress(...args: Parameters<LaunchStateRepository["progress"]>) {
    return this.state.progress(...args)
  }
  finishIfDone(...args: Parameters<LaunchStateRepository["finishIfDone"]>) {
    return this.state.finishIfDone(...args)
  }
  launchedAmong(...args: Parameters<LaunchStateRepository["launchedAmong"]>) {
    return this.state.launchedAmong(...args)
  }

  // Each row's launch email: claim, person, promotion, settle, retry.
  claimDueNotifications(...args: Parameters<LaunchEmailRepository["claimDueNotifications"]>) {
    return this.emails.claimDueNotifications(...args)
  }
  personOf(...args: Parameters<LaunchEmailRepository["personOf"]>) {
    return this.emails.personOf(...args)
  }
  recordPromotion(...args: Parameters<LaunchEmailRepository["recordPromotion"]>) {
    return this.emails.recordPromotion(...args)
  }
  markNotified(...args: Parameters<LaunchEmailRepository["markNotified"]>) {
    return this.emails.markNotified(...args)
  }
  markNotifyFailed(...args: Parameters<LaunchEmailRepository["markNotifyFailed"]>) {
    return this.emails.markNotifyFailed(...args)
  }
  markNotifySkipped(...args: Parameters<LaunchEmailRepository["markNotifySkipped"]>) {
    return this.emails.markNotifySkipped(...args)
  }
  releaseNotification(...args: Parameters<LaunchEmailRepository["releaseNotification"]>) {
    return this.emails.releaseNotification(...args)
  }
  retryDeadNotifications(...args: Parameters<LaunchEmailRepository["retryDeadNotifications"]>) {
    return this.emails.retryDeadNotifications(...args)
  }

  // Conversions and stats.
  stats(...args: Parameters<LaunchConversionRepository["stats"]>) {
    return this.conversions.stats(...args)
  }
  markConverted(...args: Parameters<LaunchConversionRepository["markConverted"]>) {
    return this.conversions.markConverted(...args)
  }
}
