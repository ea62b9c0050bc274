import { LaunchDeskPluginOptions } from "../../shared/plugin-options"
import { visitorSettings } from "../../chat/visitor/options"
import { attachmentSettings } from "../../chat/attachments/settings"
import { pushSettings } from "../../modules/support-chat/runtime/push-settings"
import { DEFAULT_REDIS_CHANNEL_PREFIX, fanoutSettings } from "../../modules/support-chat/runtime/fanout"
import { DEFAULT_BRIDGE_AUTH_LIMIT } from "../../chat/bridge/secret"
import { DEFAULT_WAITING_ALERT_BATCH_MINUTES, DEFAULT_WAITING_ALERT_EMAIL_LIMIT } from "../../chat/waiting-alert"
import { DEFAULT_MODEL_BASE_URL } from "../../chat/auto-reply/model-base-url"
import { loadChatSettings } from "../../chat/settings"
import { comingSoonConfig } from "../../coming-soon/options"

// The code that reads an option applies its own default; the schema documents the same one.
const documented = LaunchDeskPluginOptions.parse({})
const HOUR_MS = 60 * 60 * 1000

describe("the options' documented defaults", () => {
  it("are the chat's", async () => {
    const visitor = visitorSettings({})
    const { session, send, autoReply, conversation, typing, feedback, email, emailPerConversation } = documented.rateLimits
    expect(visitor.limits).toEqual({ session, send, autoReply, conversation, typing, feedback, email, emailPerConversation })
    expect(visitor.maxConversationBytes).toBe(documented.maxConversationBytes)
    expect(visitor.cookie.sameSite).toBe(documented.cookieSameSite)
    expect(visitor.autoReply).toEqual({
      timeoutMs: documented.autoReply.timeoutMs,
      callsPerConversationPerDay: documented.autoReply.callsPerConversationPerDay,
      callsPerAddressPerDay: null,
    })
    expect(DEFAULT_BRIDGE_AUTH_LIMIT).toEqual(documented.rateLimits.bridgeAuth)

    const attachments = attachmentSettings({})
    expect(attachments.rateLimit).toEqual(documented.rateLimits.attachment)
    expect(attachments.maxBytes).toBe(documented.attachments.maxBytes)
    expect(attachments.perConversation).toEqual({
      maxCount: documented.attachments.perConversation.maxFiles,
      maxBytes: documented.attachments.perConversation.maxBytes,
    })
    expect(attachments.perAddressDailyBytes).toBe(documented.attachments.perAddressDailyBytes)
    expect(attachments.unsentExpiryMs).toBe(documented.attachments.unsentExpiryHours * HOUR_MS)

    const push = pushSettings({})
    expect(push).toEqual({
      maxStreamsPerIp: documented.push.maxStreamsPerIp,
      maxStreams: documented.push.maxStreams,
      heartbeatMs: documented.push.heartbeatSeconds * 1000,
    })
    expect(fanoutSettings({}).kind).toBe(documented.push.fanout)
    expect(DEFAULT_REDIS_CHANNEL_PREFIX).toBe(documented.push.redisChannelPrefix)

    const waiting = LaunchDeskPluginOptions.parse({ waitingAlert: { afterMinutes: 5 } }).waitingAlert
    expect(waiting?.batchMinutes).toBe(DEFAULT_WAITING_ALERT_BATCH_MINUTES)
    expect(waiting?.emailLimit).toEqual(DEFAULT_WAITING_ALERT_EMAIL_LIMIT)

    expect(documented.autoReply.allowedBaseUrls).toEqual([DEFAULT_MODEL_BASE_URL])
    const nothingSaved = { read: async () => ({}) }
    const settings = await loadChatSettings(nothingSaved, {})
    expect(settings.auto_reply_daily_cap).toBe(documented.autoReply.dailyCap)
    expect(settings.auto_reply_daily_call_budget).toBe(documented.autoReply.dailyCallBudget)
    expect(settings.offline_email_after_seconds).toBe(documented.offlineEmailAfterSeconds)
  })

  it("are the coming-soon feature's", () => {
    const config = comingSoonConfig({})
    expect(config.signupLimit).toEqual({ max: documented.rateLimitMax, windowSeconds: documented.rateLimitWindowSeconds })
    const { apiKey: _key, ...mailer } = documented.mailer
    expect(config.mailer).toEqual(mailer)
    expect(config.captcha.timeoutMs).toBe(documented.captcha.timeoutMs)
    expect(config.cookie.sameSite).toBe(documented.cookieSameSite)
    expect(config.launch.emailsPerMinute).toBe(documented.launch.emailsPerMinute)
    expect(config.doubleOptIn).toBe(documented.doubleOptIn)
  })
})
