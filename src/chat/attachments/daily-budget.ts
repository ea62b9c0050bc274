import { hashClientKey } from "../../modules/launchdesk/sql/rate-limit-repository"
import { secondsToNextUtcDay, type DailyQuota, type QuotaUnit } from "../../modules/launchdesk/sql/daily-quota-repository"
import { rateLimited, type Refusal } from "../../shared/outcome"
import { UNKNOWN_CLIENT_KEY } from "../visitor/visitor-api"

/** Counter scope of one client address's upload bytes per UTC day: `<scope>.<sha256 of the address>`. */
export const ATTACHMENT_BYTES_SCOPE = "chat.attachment.bytes"

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

/**
 * Takes an upload's bytes from its client address's budget for the UTC day (the
 * `attachments.perAddressDailyBytes` option), shared by every session and process through the
 * database. A refusal is a 429 whose Retry-After runs to the next UTC midnight.
 */
export async function takeDailyUploadBytes(
  quota: DailyQuota,
  clientIp: string | undefined,
  bytes: number,
  budget: number
): Promise<{ unit: QuotaUnit } | { refusal: Refusal }> {
  const scope = `${ATTACHMENT_BYTES_SCOPE}.${hashClientKey(clientIp ?? UNKNOWN_CLIENT_KEY)}`
  const unit = await quota.take(scope, budget, bytes)
  if (unit) return { unit }
  return {
    refusal: rateLimited(
      `This address has uploaded as many files today as it may (${megabytes(budget)} a day); please try again tomorrow.`,
      secondsToNextUtcDay()
    ),
  }
}
