import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { loadChatSettings } from "../../../src/chat/settings"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../src/modules/launchdesk"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../src/modules/support-chat"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { captureOutput } from "../../utils/capture-output"

jest.setTimeout(120 * 1000)

// A bot token given in the plugin options (as a store would, from its environment).
const CONFIGURED_BOT_TOKEN = "xoxb-from-configuration-4f9c"
process.env.LAUNCHDESK_TEST_BRIDGE_BOT_TOKEN = CONFIGURED_BOT_TOKEN

// The model host these saves name (nothing listens there), allowed as a store owner would allow theirs.
process.env.LAUNCHDESK_TEST_MODEL_BASE_URLS = "http://127.0.0.1:9/v1"

const SHARED_SECRET = "shared-secret-7d1e2a-0f6b9c8e5d4a3b21"
const MODEL_KEY = "sk-model-key-93b0c1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    const settings = () => api.get("/admin/app/v1/settings", { headers: admin.bearer, validateStatus: () => true })
    const save = (body: unknown) =>
      api.post("/admin/app/v1/settings", body, { headers: admin.bearer, validateStatus: () => true })

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    it("starts from defaults and the plugin options, secrets reported only as set or not", async () => {
      const { status, data } = await settings()
      expect(status).toBe(200)
      expect(data).toEqual({
        bridge: { provider: null, channel_id: null, bot_token_set: true, shared_secret_set: false },
        model: { base_url: null, api_key_set: false, model: null },
        auto_reply_daily_cap: 50,
        auto_reply_daily_call_budget: 200,
        offline_email_after_seconds: 120,
        business_hours: null,
        away_message: null,
        default_locale: "en",
        chat_title: null,
        welcome_message: null,
        email_offer: null,
        translations: {},
        widget_labels: {},
        set_by_configuration: ["bridge.bot_token"],
        // medusa-config.ts gives this store Medusa's local provider for the `email` channel.
        can_send_email: true,
      })
    })

    it("saves values; secrets are write-only and a blank secret keeps the stored one", async () => {
      const saved = await save({
        bridge: { provider: "slack", channel_id: "C0123", shared_secret: SHARED_SECRET },
        model: { base_url: "http://127.0.0.1:9/v1", api_key: MODEL_KEY, model: "gpt-4o-mini" },
        auto_reply_daily_cap: 10,
        auto_reply_daily_call_budget: 40,
        offline_email_after_seconds: 300,
      })
      expect(saved.status).toBe(200)
      expect(saved.data).toEqual({
        bridge: { provider: "slack", channel_id: "C0123", bot_token_set: true, shared_secret_set: true },
        model: { base_url: "http://127.0.0.1:9/v1", api_key_set: true, model: "gpt-4o-mini" },
        auto_reply_daily_cap: 10,
        auto_reply_daily_call_budget: 40,
        offline_email_after_seconds: 300,
        business_hours: null,
        away_message: null,
        default_locale: "en",
        chat_title: null,
        welcome_message: null,
        email_offer: null,
        translations: {},
        widget_labels: {},
        set_by_configuration: ["bridge.bot_token"],
        // medusa-config.ts gives this store Medusa's local provider for the `email` channel.
        can_send_email: true,
      })

      await save({ bridge: { shared_secret: "" }, model: { api_key: "" } })
      const kept = (await settings()).data
      expect(kept.bridge.shared_secret_set).toBe(true)
      expect(kept.model.api_key_set).toBe(true)

      await save({ model: { api_key: null } })
      expect((await settings()).data.model.api_key_set).toBe(false)
    })

    it("saves weekly hours with a time zone and holidays, and an away message; null clears them", async () => {
      const hours = {
        time_zone: "Europe/Berlin",
        weekly: { mon: [{ open: "09:00", close: "12:30" }, { open: "13:30", close: "17:00" }], sat: [{ open: "10:00", close: "24:00" }] },
        holidays: ["2026-12-25", "2026-12-26"],
      }
      const saved = await save({ business_hours: hours, away_message: "We are away. Leave your email and we will answer in the morning." })
      expect(saved.status).toBe(200)
      expect(saved.data.business_hours).toEqual(hours)
      expect(saved.data.away_message).toBe("We are away. Leave your email and we will answer in the morning.")
      // Holidays may be left out.
      expect((await save({ business_hours: { time_zone: "UTC", weekly: {} } })).data.business_hours).toEqual({ time_zone: "UTC", weekly: {}, holidays: [] })

      const cleared = await save({ business_hours: null, away_message: "" })
      expect(cleared.data).toMatchObject({ business_hours: null, away_message: null })
    })

    it("lets the plugin options win over a stored value", async () => {
      await save({ bridge: { bot_token: "xoxb-typed-in-the-admin" } })
      const container = getContainer()
      const effective = await loadChatSettings(
        await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settings(),
        container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).options
      )
      expect(effective.bridge.bot_token).toBe(CONFIGURED_BOT_TOKEN)
    })

    it("never shows a secret in a response or a log line", async () => {
      const logger = getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      const output = await captureOutput(logger, async () => {
        const responses = [
          await save({
            bridge: { provider: "discord", shared_secret: SHARED_SECRET, bot_token: "xoxb-typed-in-the-admin" },
            model: { api_key: MODEL_KEY },
          }),
          await settings(),
          await save({ model: { api_key: 42 } }),
        ]
        const bodies = responses.map((response) => JSON.stringify(response.data)).join("\n")
        for (const secret of [SHARED_SECRET, MODEL_KEY, CONFIGURED_BOT_TOKEN, "xoxb-typed-in-the-admin"]) {
          expect(bodies).not.toContain(secret)
        }
      })
      for (const secret of [SHARED_SECRET, MODEL_KEY, CONFIGURED_BOT_TOKEN, "xoxb-typed-in-the-admin"]) {
        expect(output).not.toContain(secret)
      }
    })

    it("never shows a secret from a save that fails in the database, in the response or the log", async () => {
      const container = getContainer()
      const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      // A save of one value under two keys now fails, and PostgreSQL's error quotes the value
      // ("Key (...)=(<value>) already exists."), as a unique or check violation does.
      await knex.raw(`CREATE UNIQUE INDEX launchdesk_test_one_value ON launchdesk_setting ((value->>'v'))`)
      const chatSecret = SHARED_SECRET
      const mailerSecret = "mailer-and-captcha-secret-5e2d7c1b"
      try {
        let responses: { status: number; data: unknown }[] = []
        const output = await captureOutput(logger, async () => {
          responses = [
            await save({ bridge: { shared_secret: chatSecret, bot_token: chatSecret } }),
            await api.post(
              "/admin/coming-soon/settings",
              { mailer_api_key: mailerSecret, captcha_secret_key: mailerSecret },
              { headers: admin.bearer, validateStatus: () => true }
            ),
          ]
        })
        expect(responses.map((response) => response.status)).toEqual([500, 500])
        const bodies = responses.map((response) => JSON.stringify(response.data)).join("\n")
        // The failure is told by its operation and SQL state; the statement and its values are not.
        expect(output).toContain('Saving the "chat" settings failed (SQLSTATE 23505)')
        for (const secret of [chatSecret, mailerSecret]) {
          expect(bodies).not.toContain(secret)
          expect(output).not.toContain(secret)
        }
      } finally {
        await knex.raw(`DROP INDEX launchdesk_test_one_value`)
      }
      expect((await settings()).data.bridge.shared_secret_set).toBe(false)
    })

    it.each([
      ["a shared secret of 31 characters, spaces aside", { bridge: { shared_secret: `  ${"s".repeat(31)}  ` } }],
      ["an unknown provider", { bridge: { provider: "teams" } }],
      ["a negative cap", { auto_reply_daily_cap: -1 }],
      ["a negative call budget", { auto_reply_daily_call_budget: -1 }],
      ["a fractional call budget", { auto_reply_daily_call_budget: 2.5 }],
      ["a call budget given as text", { auto_reply_daily_call_budget: "200" }],
      ["a model URL that is not a URL", { model: { base_url: "not a url" } }],
      ["a model URL on a host the configuration does not allow", { model: { base_url: "https://attacker.example/v1", api_key: "sk-x" } }],
      ["a model URL on an allowed host but another port", { model: { base_url: "http://127.0.0.1:8080/v1" } }],
      ["unknown fields", { bridge: { webhook: "x" } }],
      ["a time zone that is not one", { business_hours: { time_zone: "Mars/Olympus", weekly: {} } }],
      ["a time that is not HH:MM", { business_hours: { time_zone: "UTC", weekly: { mon: [{ open: "9am", close: "17:00" }] } } }],
      ["an hour past 24:00", { business_hours: { time_zone: "UTC", weekly: { mon: [{ open: "09:00", close: "24:30" }] } } }],
      ["an opening that closes before it opens", { business_hours: { time_zone: "UTC", weekly: { mon: [{ open: "17:00", close: "09:00" }] } } }],
      ["an unknown day", { business_hours: { time_zone: "UTC", weekly: { someday: [{ open: "09:00", close: "17:00" }] } } }],
      ["five openings in a day", { business_hours: { time_zone: "UTC", weekly: { mon: Array(5).fill({ open: "09:00", close: "10:00" }) } } }],
      ["a holiday that is not a date", { business_hours: { time_zone: "UTC", weekly: {}, holidays: ["2026-02-30"] } }],
      ["an away message of 501 characters", { away_message: "a".repeat(501) }],
    ])("answers 400 for %s and changes nothing", async (_, body) => {
      const before = (await settings()).data
      const response = await save(body)
      expect(response.status).toBe(400)
      expect(response.data.type).toBe("invalid_data")
      expect((await settings()).data).toEqual(before)
    })

    it("answers 401 without admin auth", async () => {
      expect((await api.get("/admin/app/v1/settings", { validateStatus: () => true })).status).toBe(401)
      expect((await api.post("/admin/app/v1/settings", {}, { validateStatus: () => true })).status).toBe(401)
    })
  },
})
