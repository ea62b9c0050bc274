import { loadEnv, defineConfig } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// The plugin's own development config: used by the test runners and `plugin:db:generate`,
// which load the modules straight from `src`. Hosts register the built package instead.
// Test doubles of outside services are real HTTP servers on 127.0.0.1; a spec that starts
// one sets these variables before the runner loads this file.
// The specs tell clients apart by X-Forwarded-For from 127.0.0.1, as behind a local proxy;
// LAUNCHDESK_TEST_TRUST_PROXY=default leaves the option out (the plugin's default), digits
// are a hop count, anything else a list of addresses.
const testTrustProxy = process.env.LAUNCHDESK_TEST_TRUST_PROXY ?? "loopback"

const pluginOptions = {
  clientIp: testTrustProxy === "default" ? undefined : { trustProxy: /^\d+$/.test(testTrustProxy) ? Number(testTrustProxy) : testTrustProxy },
  bridge: {
    baseUrl: process.env.LAUNCHDESK_TEST_BRIDGE_BASE_URL,
    botToken: process.env.LAUNCHDESK_TEST_BRIDGE_BOT_TOKEN,
  },
  // The bridge hook spec counts failed authentications in a window it can wait out ("max/seconds").
  rateLimits: process.env.LAUNCHDESK_TEST_BRIDGE_AUTH_LIMIT
    ? {
        bridgeAuth: {
          max: Number(process.env.LAUNCHDESK_TEST_BRIDGE_AUTH_LIMIT.split("/")[0]),
          windowSeconds: Number(process.env.LAUNCHDESK_TEST_BRIDGE_AUTH_LIMIT.split("/")[1]),
        },
      }
    : undefined,
  // The auto-reply spec shortens the model timeout so its timeout test does not wait 10 s. A
  // spec whose model double listens on 127.0.0.1 allows its base URL (comma-separated list).
  autoReply: {
    timeoutMs: Number(process.env.LAUNCHDESK_TEST_AUTO_REPLY_TIMEOUT_MS) || undefined,
    allowedBaseUrls: process.env.LAUNCHDESK_TEST_MODEL_BASE_URLS?.split(","),
  },
  // Coming-soon specs: a MailerLite double, one siteverify double serving the three CAPTCHA
  // providers at their own paths, shorter timeouts, and the forms add-on's embed template.
  mailer: {
    baseUrl: process.env.LAUNCHDESK_TEST_MAILER_BASE_URL,
    timeoutMs: Number(process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS) || undefined,
    answerWithinMs: Number(process.env.LAUNCHDESK_TEST_MAILER_ANSWER_WITHIN_MS) || undefined,
  },
  // The waiting-alert spec switches it on (and changes `to` in place between its cases).
  waitingAlert: process.env.LAUNCHDESK_TEST_WAITING_ALERT_MINUTES
    ? { afterMinutes: Number(process.env.LAUNCHDESK_TEST_WAITING_ALERT_MINUTES) }
    : undefined,
  // The double opt-in spec switches it on.
  doubleOptIn: process.env.LAUNCHDESK_TEST_DOUBLE_OPT_IN === "1",
  // The launch-day spec sends at a rate it can wait out.
  launch: {
    emailsPerMinute: Number(process.env.LAUNCHDESK_TEST_LAUNCH_EMAILS_PER_MINUTE) || undefined,
    // The place-in-line spec reads the share links built from it.
    productUrl: process.env.LAUNCHDESK_TEST_PRODUCT_URL,
  },
  captcha: {
    verifyUrls: process.env.LAUNCHDESK_TEST_CAPTCHA_BASE_URL
      ? {
          turnstile: `${process.env.LAUNCHDESK_TEST_CAPTCHA_BASE_URL}/turnstile/v0/siteverify`,
          recaptcha: `${process.env.LAUNCHDESK_TEST_CAPTCHA_BASE_URL}/recaptcha/api/siteverify`,
          hcaptcha: `${process.env.LAUNCHDESK_TEST_CAPTCHA_BASE_URL}/siteverify`,
        }
      : undefined,
    timeoutMs: Number(process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS) || undefined,
  },
  formsAddon: process.env.LAUNCHDESK_TEST_FORMS_ADDON,
  // The attachments spec: small files and caps it can reach in a few requests, and a public URL for the bridge's links.
  attachments: {
    maxBytes: Number(process.env.LAUNCHDESK_TEST_ATTACHMENT_MAX_BYTES) || undefined,
    perConversation: { maxFiles: Number(process.env.LAUNCHDESK_TEST_ATTACHMENT_MAX_FILES) || undefined },
    perAddressDailyBytes: Number(process.env.LAUNCHDESK_TEST_ATTACHMENT_DAILY_BYTES) || undefined,
  },
  backendUrl: process.env.LAUNCHDESK_TEST_BACKEND_URL,
  // The stream spec: heartbeats every second and a small per-IP cap, so both are seen quickly.
  push: {
    heartbeatSeconds: Number(process.env.LAUNCHDESK_TEST_PUSH_HEARTBEAT_SECONDS) || undefined,
    maxStreamsPerIp: Number(process.env.LAUNCHDESK_TEST_PUSH_MAX_STREAMS_PER_IP) || undefined,
    // The Redis fan-out spec: "redis", its server and a channel prefix of the run's own.
    fanout: process.env.LAUNCHDESK_TEST_PUSH_FANOUT === "redis" ? ("redis" as const) : undefined,
    redisUrl: process.env.LAUNCHDESK_TEST_PUSH_REDIS_URL,
    redisChannelPrefix: process.env.LAUNCHDESK_TEST_PUSH_REDIS_PREFIX,
  },
}

// Reply emails go through the Notification module's `email` channel; tests that check the
// no-provider path set LAUNCHDESK_TEST_NO_EMAIL_PROVIDER.
const notification = process.env.LAUNCHDESK_TEST_NO_EMAIL_PROVIDER
  ? []
  : [
      {
        resolve: "@medusajs/medusa/notification",
        options: {
          providers: [
            // The launch-day spec's double records each email and fails on demand.
            process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE
              ? { resolve: `${process.cwd()}/integration-tests/utils/email-double`, id: "double", options: { channels: ["email"] } }
              : { resolve: "@medusajs/medusa/notification-local", id: "local", options: { channels: ["email"] } },
          ],
        },
      },
    ]

// The attachment storage spec: Medusa's local File provider as the README tells a store to set
// it up, private files in a folder outside the publicly served static/.
const file = process.env.LAUNCHDESK_TEST_PRIVATE_UPLOAD_DIR
  ? [
      {
        resolve: "@medusajs/medusa/file",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/file-local",
              id: "local",
              options: { private_upload_dir: process.env.LAUNCHDESK_TEST_PRIVATE_UPLOAD_DIR },
            },
          ],
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: true },
  modules: [
    { resolve: "./src/modules/launchdesk", options: pluginOptions },
    { resolve: "./src/modules/support-chat", options: pluginOptions },
    { resolve: "./src/modules/coming-soon", options: pluginOptions },
    ...notification,
    ...file,
  ],
})
