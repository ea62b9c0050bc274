import path from "node:path"
import { checkPluginOptions, LaunchDeskPluginOptions } from "../plugin-options"

const ROOT = path.join(__dirname, "..", "..", "..")

/** The message a start with these options stops with, or null when it goes on. */
function problem(options: unknown): string | null {
  try {
    checkPluginOptions(options)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

type ModuleEntry = { resolve?: string; options?: Record<string, unknown> }

/** The options this repository's medusa-config gives the plugin's modules under `env`. */
function ownConfigOptions(env: Record<string, string>): Record<string, unknown>[] {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  try {
    let config: { modules: ModuleEntry[] } | undefined
    jest.isolateModules(() => {
      // Medusa's defineConfig passes module options through untouched; without it the file loads in milliseconds.
      jest.doMock("@medusajs/framework/utils", () => ({ loadEnv: () => undefined, defineConfig: (given: unknown) => given }))
      config = jest.requireActual(path.join(ROOT, "medusa-config.ts"))
    })
    return (config?.modules ?? [])
      .filter((entry) => String(entry.resolve).includes("src/modules/"))
      .map((entry) => entry.options ?? {})
  } finally {
    process.env = saved
  }
}

describe("the plugin options at start", () => {
  it("leaves every option optional: no options at all start", () => {
    expect(problem({})).toBeNull()
    expect(problem(undefined)).toBeNull()
    expect(LaunchDeskPluginOptions.safeParse({}).success).toBe(true)
  })

  it("lets Medusa's own `database` key through, and returns the options as given", () => {
    const options = { database: { clientUrl: "postgres://localhost/store" }, cookieSecure: false }
    expect(checkPluginOptions(options)).toBe(options)
  })

  it("stops on a value of the wrong type, naming the option, what was expected and what it got", () => {
    expect(problem({ rateLimits: { send: { max: "ten" } } })).toBe(
      'LaunchDesk option rateLimits.send.max: expected a positive whole number, got "ten"'
    )
    expect(problem({ cookieSecure: "yes" })).toBe('LaunchDesk option cookieSecure: expected true or false, got "yes"')
    expect(problem({ push: { fanout: "kafka" } })).toBe('LaunchDesk option push.fanout: expected "postgres" or "redis", got "kafka"')
    expect(problem({ autoReply: { allowedBaseUrls: "https://api.openai.com/v1" } })).toBe(
      'LaunchDesk option autoReply.allowedBaseUrls: expected a list of URLs, got "https://api.openai.com/v1"'
    )
    expect(problem({ bridge: "slack" })).toBe('LaunchDesk option bridge: expected an object, got "slack"')
    expect(problem(["not", "options"])).toBe("LaunchDesk options: expected an object, got a list")
  })

  it("stops on a value out of range", () => {
    expect(problem({ maxDeliveryAttempts: 0 })).toBe("LaunchDesk option maxDeliveryAttempts: expected a positive whole number, got 0")
    expect(problem({ attachments: { maxBytes: 2 ** 32 } })).toBe(
      "LaunchDesk option attachments.maxBytes: expected a whole number from 1 to 2147483647, got 4294967296"
    )
    expect(problem({ autoReply: { dailyCap: 2.5 } })).toBe(
      "LaunchDesk option autoReply.dailyCap: expected a whole number from 0 to 1000000, got 2.5"
    )
    expect(problem({ waitingAlert: { to: "team@shop.example" } })).toBe(
      "LaunchDesk option waitingAlert.afterMinutes: expected a positive number, got nothing"
    )
    expect(problem({ backendUrl: "api.shop.example" })).toBe(
      'LaunchDesk option backendUrl: expected an absolute http(s) URL, got "api.shop.example"'
    )
    expect(problem({ clientIp: { trustProxy: ["loopback", "not-an-address"] } })).toMatch(
      /^LaunchDesk option clientIp\.trustProxy: invalid IP address: not-an-address/
    )
    expect(problem({ businessHours: { time_zone: "Europe/Berlin", weekly: { mon: [{ open: "9:00", close: "17:00" }] } } })).toBe(
      'LaunchDesk option businessHours.weekly.mon.0.open: expected HH:MM, from 00:00 to 24:00, got "9:00"'
    )
    expect(problem({ businessHours: { time_zone: "Europe/Berlin", weekly: { sun: [{ open: "17:00", close: "09:00" }] } } })).toBe(
      "LaunchDesk option businessHours.weekly.sun.0: expected an opening that closes after it opens, on the same day, got an object"
    )
    expect(problem({ businessHours: { time_zone: "Mars/Olympus", weekly: {}, holidays: ["2026-12-25"] } })).toBe(
      'LaunchDesk option businessHours.time_zone: expected an IANA time zone, such as Europe/Berlin, got "Mars/Olympus"'
    )
  })

  it("keeps the bridge secret's rule (at least 32 characters, trimmed) and never repeats a secret", () => {
    const message = problem({ bridge: { sharedSecret: "  hunter2-hunter2  " } })
    expect(message).toMatch(/^LaunchDesk option bridge\.sharedSecret: .*at least 32 characters.*, got a string of 15 characters$/)
    expect(message).not.toContain("hunter2")
    expect(problem({ bridge: { sharedSecret: ` ${"k".repeat(32)} ` } })).toBeNull()
    expect(problem({ bridge: { sharedSecret: "   " } })).toBeNull()
    expect(problem({ mailer: { apiKey: 12345 } })).toBe("LaunchDesk option mailer.apiKey: expected a string, got a number")
  })

  it("stops on a key the plugin does not know, listing the keys of that level", () => {
    expect(problem({ rateLimits: { sned: { max: 5 } } })).toBe(
      "LaunchDesk option rateLimits.sned: not an option of the plugin (rateLimits takes session, send, autoReply, conversation, typing, feedback, email, emailPerConversation, attachment, bridgeAuth)"
    )
    expect(problem({ ratelimits: {} })).toMatch(/^LaunchDesk option ratelimits: not an option of the plugin \(the options are maxDeliveryAttempts, clientIp, rateLimits, /)
  })

  it("names every problem, one line each", () => {
    expect(problem({ rateLimitMax: -1, mailer: { timeoutMs: "fast" } })?.split("\n")).toEqual([
      "LaunchDesk option rateLimitMax: expected a positive whole number, got -1",
      'LaunchDesk option mailer.timeoutMs: expected a positive whole number, got "fast"',
    ])
  })

  it("takes blank strings as not set, where the code reading them does", () => {
    expect(problem({ backendUrl: "", bridge: { provider: "", botToken: "" }, captcha: { provider: "" }, formsAddon: "" })).toBeNull()
    // A blank siteverify URL would replace the provider's own.
    expect(problem({ captcha: { verifyUrls: { turnstile: "" } } })).toBe(
      'LaunchDesk option captcha.verifyUrls.turnstile: expected an absolute http(s) URL, got ""'
    )
  })

  it("passes this repository's test config, with and without every test switch", () => {
    const quiet = ownConfigOptions({})
    const switchedOn = ownConfigOptions({
      LAUNCHDESK_TEST_TRUST_PROXY: "1",
      LAUNCHDESK_TEST_BRIDGE_BASE_URL: "http://127.0.0.1:4010/api",
      LAUNCHDESK_TEST_BRIDGE_BOT_TOKEN: "xoxb-test",
      LAUNCHDESK_TEST_BRIDGE_AUTH_LIMIT: "3/2",
      LAUNCHDESK_TEST_AUTO_REPLY_TIMEOUT_MS: "500",
      LAUNCHDESK_TEST_MODEL_BASE_URLS: "http://127.0.0.1:4011/v1,http://127.0.0.1:9/v1",
      LAUNCHDESK_TEST_MAILER_BASE_URL: "http://127.0.0.1:4012",
      LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS: "600",
      LAUNCHDESK_TEST_MAILER_ANSWER_WITHIN_MS: "300",
      LAUNCHDESK_TEST_WAITING_ALERT_MINUTES: "5",
      LAUNCHDESK_TEST_DOUBLE_OPT_IN: "1",
      LAUNCHDESK_TEST_LAUNCH_EMAILS_PER_MINUTE: "1200",
      LAUNCHDESK_TEST_CAPTCHA_BASE_URL: "http://127.0.0.1:4013",
      LAUNCHDESK_TEST_FORMS_ADDON: "https://forms.example/embed/{form_id}?src=launchdesk",
      LAUNCHDESK_TEST_ATTACHMENT_MAX_BYTES: "1024",
      LAUNCHDESK_TEST_ATTACHMENT_MAX_FILES: "3",
      LAUNCHDESK_TEST_ATTACHMENT_DAILY_BYTES: "3072",
      LAUNCHDESK_TEST_BACKEND_URL: "https://api.shop.test",
      LAUNCHDESK_TEST_PUSH_HEARTBEAT_SECONDS: "1",
      LAUNCHDESK_TEST_PUSH_MAX_STREAMS_PER_IP: "3",
      LAUNCHDESK_TEST_PUSH_FANOUT: "redis",
      LAUNCHDESK_TEST_PUSH_REDIS_URL: "redis://127.0.0.1:6379",
      LAUNCHDESK_TEST_PUSH_REDIS_PREFIX: "launchdesk-test-run",
    })
    const defaultTrust = ownConfigOptions({ LAUNCHDESK_TEST_TRUST_PROXY: "default" })
    for (const options of [quiet, switchedOn, defaultTrust]) {
      expect(options).toHaveLength(3)
      for (const moduleOptions of options) expect(problem(moduleOptions)).toBeNull()
    }
    expect(switchedOn[0]).toMatchObject({ push: { fanout: "redis" }, rateLimits: { bridgeAuth: { max: 3, windowSeconds: 2 } } })
  })

  // The options the demo and the packed-host specs write into a host's medusa-config
  // (demo/lib/demo-host.js, integration-tests/browser/*-host.ts and *-session.ts, faults,
  // topology, packaging, bench/).
  it.each([
    ["the demo", { cookieSecure: false, storeUrl: "http://localhost:8000" }],
    ["a host without options", {}],
    ["packaging", { clientIp: { trustProxy: "loopback" } }],
    [
      "the admin browser host",
      {
        cookieSecure: false,
        clientIp: { trustProxy: "loopback" },
        bridge: { baseUrl: "http://127.0.0.1:4010" },
        formsAddon: "https://forms.example.com/embed/{form_id}",
        mailer: { baseUrl: "http://127.0.0.1:9" },
        autoReply: { allowedBaseUrls: ["http://127.0.0.1:9/v1"] },
      },
    ],
    [
      "the storefront browser host",
      {
        cookieSecure: false,
        clientIp: { trustProxy: "loopback" },
        rateLimits: { send: { max: 5, windowSeconds: 60 } },
        mailer: { apiKey: "mailer-key", baseUrl: "http://127.0.0.1:4012" },
        captcha: {
          verifyUrls: {
            turnstile: "http://127.0.0.1:4013/turnstile/v0/siteverify",
            recaptcha: "http://127.0.0.1:4013/recaptcha/api/siteverify",
            hcaptcha: "http://127.0.0.1:4013/siteverify",
          },
        },
        formsAddon: "http://127.0.0.1:4014/forms/{form_id}",
      },
    ],
    [
      "faults",
      {
        clientIp: { trustProxy: "loopback" },
        rateLimits: { conversation: { max: 100_000 } },
        mailer: { baseUrl: "http://127.0.0.1:4012", timeoutMs: 1500 },
        autoReply: { timeoutMs: 800, allowedBaseUrls: ["http://127.0.0.1:4011/v1"] },
        bridge: { baseUrl: "http://127.0.0.1:4010", botToken: "xoxb-faults" },
      },
    ],
    [
      "topology",
      {
        clientIp: { trustProxy: "loopback" },
        bridge: { baseUrl: "http://127.0.0.1:4010", botToken: "xoxb-topology" },
        mailer: { baseUrl: "http://127.0.0.1:4012" },
        push: { fanout: "redis", redisChannelPrefix: "topology-1234" },
      },
    ],
    ["bench soak", { rateLimits: { session: { max: 1_000_000 }, send: { max: 1_000_000 }, conversation: { max: 1_000_000 } }, rateLimitMax: 1_000_000 }],
    ["bench streams over Redis", { push: { fanout: "redis", redisUrl: "redis://127.0.0.1:6379" } }],
    ["bench launch", { launch: { emailsPerMinute: 6000 } }],
    ["bench signups", { mailer: { apiKey: "mailer-key", baseUrl: "http://127.0.0.1:4012" }, clientIp: { trustProxy: "loopback" } }],
  ])("passes the options of %s", (_host, options) => {
    expect(problem(options)).toBeNull()
  })
})
