import { z } from "@medusajs/framework/zod"
import { clientIpResolver, DEFAULT_TRUST_PROXY } from "./client-ip"
import { INT4_MAX } from "./input-schema"
import { DEFAULT_MAX_DELIVERY_ATTEMPTS } from "./lease/retry-policy"
import { isLongEnoughSharedSecret, normalisedSharedSecret, SHARED_SECRET_TOO_SHORT } from "./shared-secret"

/**
 * Every plugin option in one schema: its type, its default and the line that documents it.
 * The modules check the options against it when they load (`checkPluginOptions`), and the
 * table in docs/configuration.md is generated from it (`npm run docs:options`). The code that
 * reads an option still applies its own default; a test holds the two to the same value.
 */

/** How an option shows in the docs table (see plugin-options-table.ts). */
export type OptionDoc = {
  /** The table's Meaning cell. A field without one is described in its parent's row. */
  description?: string
  /** The table section a top-level option belongs to (Deliveries, Chat, …). */
  group?: string
  /** The Default cell when the default is not a plain value (it depends on the host, or there is none). */
  defaultText?: string
  /** Said after a plain default, e.g. `10485760` (10 MiB). */
  defaultNote?: string
  /** Named in the previous row instead of its own (`captcha.provider` / `captcha.siteKey`). */
  sharesRow?: boolean
  /** Never repeated in an error message. */
  secret?: boolean
}

/** The documentation attached to an option's schema, if any. */
export const optionDoc = (schema: z.ZodType): OptionDoc | undefined => z.globalRegistry.get(schema) as OptionDoc | undefined

const doc = <T extends z.ZodType>(schema: T, meta: OptionDoc): T => schema.meta(meta)

export const CAPTCHA_PROVIDERS = ["turnstile", "recaptcha", "hcaptcha"] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]
export const COOKIE_SAME_SITE = ["lax", "strict", "none"] as const
export type CookieSameSite = (typeof COOKIE_SAME_SITE)[number]

const MEBIBYTE = 1024 * 1024

const spoken = (values: readonly string[]) =>
  values.length === 1 ? values[0] : `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`

/** A whole number from `min` (to `max`), each failure said the same way. */
function wholeNumber(min: 0 | 1, max?: number) {
  const expected =
    max !== undefined
      ? `expected a whole number from ${min} to ${max}`
      : min === 1
        ? "expected a positive whole number"
        : "expected a whole number, 0 or more"
  const number = z.number({ error: expected }).int({ error: expected }).min(min, { error: expected })
  return max === undefined ? number : number.max(max, { error: expected })
}

const positiveNumber = () => z.number({ error: "expected a positive number" }).positive({ error: "expected a positive number" })
const text = () => z.string({ error: "expected a string" })
const flag = () => z.boolean({ error: "expected true or false" })

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value.trim())) return false
  const { protocol } = new URL(value.trim())
  return protocol === "http:" || protocol === "https:"
}
/** An absolute http(s) URL. */
const httpUrl = () => text().refine(isHttpUrl, { error: "expected an absolute http(s) URL" })
/** An absolute http(s) URL, or blank: not set, as the code that reads the option takes it. */
const httpUrlOrBlank = () =>
  text().refine((value) => value.trim() === "" || isHttpUrl(value), { error: "expected an absolute http(s) URL" })

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`)

/** One of `values`. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected ${spoken(quoted(values))}` })

/** One of `values`, or "" read as not set (the admin's settings then apply). */
const oneOfOrBlank = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal("")], { error: `expected ${spoken([...quoted(values), '"" (not set)'])}` })

/** A plugin-owned level of the options: unknown keys there are mistakes. */
const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: "expected an object" })

/** `{ max, windowSeconds }` of a limiter, each falling back to the default's. */
const limitRule = (max: number, windowSeconds: number) =>
  group({ max: wholeNumber(1).default(max), windowSeconds: wholeNumber(1).default(windowSeconds) }).prefault({})

// Express's `trust proxy` values; a list Express would refuse is refused here with its reason.
const trustProxy = z
  .union([flag(), wholeNumber(0), text(), z.array(text())], {
    error: "expected false, true, a hop count, or proxy addresses (a list or one comma-separated string)",
  })
  .superRefine((value, context) => {
    // Only addresses can be malformed; a number or a boolean that passed is a valid value.
    if (typeof value === "number" || typeof value === "boolean") return
    try {
      clientIpResolver({ trustProxy: value })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      context.addIssue({ code: "custom", message: reason.replace(/^launchdesk: clientIp\.trustProxy:?\s*/, "") })
    }
  })

// The rules of the admin's BusinessHoursInput (src/chat/settings.ts), which this floor cannot import.
const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/
const clockTime = text().regex(CLOCK_TIME, { error: "expected HH:MM, from 00:00 to 24:00" })
// HH:MM compares as text; a time that is not one is reported on its own.
const opening = group({ open: clockTime, close: clockTime }).refine(
  (span) => !CLOCK_TIME.test(span.open) || !CLOCK_TIME.test(span.close) || span.open < span.close,
  { error: "expected an opening that closes after it opens, on the same day" }
)
const openings = z.array(opening, { error: "expected a list of openings" }).max(4, { error: "expected at most 4 openings a day" })
// As Luxon tells a zone (isTimeZone in src/chat/hours/availability.ts): the runtime's own IANA data.
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}
const businessHours = group({
  time_zone: text().refine(isTimeZone, { error: "expected an IANA time zone, such as Europe/Berlin" }),
  weekly: group({
    mon: openings.optional(),
    tue: openings.optional(),
    wed: openings.optional(),
    thu: openings.optional(),
    fri: openings.optional(),
    sat: openings.optional(),
    sun: openings.optional(),
  }),
  holidays: z.array(z.iso.date({ error: "expected a date, YYYY-MM-DD" }), { error: "expected a list of dates" }).optional(),
})

const sharedSecret = text().refine((value) => !normalisedSharedSecret(value) || isLongEnoughSharedSecret(value.trim()), {
  error: SHARED_SECRET_TOO_SHORT,
})

/** The plugin's options, as a store owner writes them in medusa-config. */
export const LaunchDeskPluginOptions = group({
  maxDeliveryAttempts: doc(wholeNumber(1).default(DEFAULT_MAX_DELIVERY_ATTEMPTS), {
    group: "Deliveries",
    description:
      "Attempts of a team-chat post, a fast-lane event or a mailing-list sync before it is set aside as `dead`: it stops holding back the posts queued behind it and shows in the admin with its last error and a Retry button",
  }),
  clientIp: doc(
    group({
      trustProxy: doc(trustProxy.default(DEFAULT_TRUST_PROXY), {
        description:
          "Which proxies in front of the store may name the client in `X-Forwarded-For`, for every per-IP limit on both lanes: Express's `trust proxy` values (`false`, `true`, a hop count, or addresses / CIDRs / `\"loopback\"` / `\"uniquelocal\"`). See [Client address](operations.md#client-address)",
      }),
    }).prefault({}),
    { group: "Client address" }
  ),
  rateLimits: doc(
    group({
      session: doc(limitRule(10, 60), { description: "`POST /store/app/v1/session` per client IP" }),
      send: doc(limitRule(15, 60), { description: "`POST /store/app/v1/send` per client IP" }),
      autoReply: doc(limitRule(3, 60), { description: "`POST /store/app/v1/auto-reply` per client IP" }),
      conversation: doc(limitRule(120, 3600), {
        description:
          "Visitor messages (`/send`) per conversation, whatever the IP (the cookie works from any address); then 429 with `Retry-After`. Staff and team-chat replies are not counted",
      }),
      typing: doc(limitRule(60, 60), {
        description:
          "`POST /store/app/v1/typing` and `/read` together, per client IP (the widget sends at most one typing notice every 3 s)",
      }),
      feedback: doc(limitRule(10, 60), { description: "`POST /store/app/v1/rating` and `/transcript` together, per client IP" }),
      email: doc(limitRule(30, 3600), {
        description:
          "`POST /store/app/v1/email` saves per client IP (a request refused for its cookie or its address does not count); then 429 with `Retry-After`",
      }),
      emailPerConversation: doc(limitRule(3, 3600), {
        description:
          "`POST /store/app/v1/email` saves per conversation, whatever the IP (the cookie works from any address); then 429 with `Retry-After`",
      }),
      attachment: doc(limitRule(10, 60), { description: "`POST /store/app/v1/attachments` per client IP (shoppers' uploads)" }),
      bridgeAuth: doc(limitRule(10, 900), {
        description:
          "Wrong or missing `X-APP-Secret` at the bridge hook per client IP; past it the hook answers 429 with `Retry-After`, even to the right secret, until the window ends",
      }),
    }).prefault({}),
    { group: "Chat" }
  ),
  attachments: doc(
    group({
      // The size column and the daily counter are PostgreSQL integers.
      maxBytes: doc(wholeNumber(1, INT4_MAX).default(10 * MEBIBYTE), {
        defaultNote: "10 MiB",
        description:
          "The largest file a shopper or an agent may attach; a larger upload answers 400 and stores nothing. See [Attachments](chat.md#attachments)",
      }),
      perConversation: doc(
        group({
          maxFiles: wholeNumber(1, INT4_MAX).default(20),
          maxBytes: wholeNumber(1).default(50 * MEBIBYTE),
        }).prefault({}),
        {
          description:
            "Files and their bytes a shopper may upload into one conversation in all, counted in the database (several processes together stay within it); staff uploads count but are not refused",
        }
      ),
      perAddressDailyBytes: doc(wholeNumber(1, INT4_MAX).default(100 * MEBIBYTE), {
        defaultNote: "100 MiB",
        description:
          "Bytes one client address may upload per UTC day, whatever its sessions or conversations, counted in the database; past it an upload answers 429 with `Retry-After` up to the next UTC midnight",
      }),
      unsentExpiryHours: doc(wholeNumber(1, 24 * 366).default(24), {
        description:
          "Hours an upload never sent in a message is kept; then a job (every 15 minutes) deletes its file through the File module and its row",
      }),
    }).prefault({}),
    { group: "Chat" }
  ),
  backendUrl: doc(httpUrlOrBlank().optional(), {
    group: "Chat",
    defaultText: "the admin's `backendUrl` when absolute",
    description:
      "This server's public URL (`https://api.example.com`): team-chat posts link to attachments under it; without one they name the files without a link",
  }),
  maxConversationBytes: doc(wholeNumber(0).default(MEBIBYTE), {
    group: "Chat",
    defaultNote: "1 MiB",
    description:
      "Bytes of message text and page URLs one conversation may store; a `/send` that would pass it answers 400 and stores nothing. `0` turns the cap off",
  }),
  cookieSameSite: doc(oneOf(COOKIE_SAME_SITE).default("lax"), {
    group: "Chat",
    description:
      "SameSite of the `app_visitor_hash` and `cs_mailer_user_id` cookies. Use `\"none\"` when the storefront runs on another site than the backend (the cookies are then always `Secure`).",
  }),
  cookieSecure: doc(flag().optional(), {
    group: "Chat",
    defaultText: "`true` when `NODE_ENV=production`",
    description: "Secure flag of those cookies",
  }),
  offlineEmailAfterSeconds: doc(wholeNumber(0, 7 * 24 * 3600).default(120), {
    group: "Chat",
    description:
      "A staff or team-chat reply is emailed to a visitor who left an address and has not polled for this long (at most one email per conversation per 15 minutes)",
  }),
  waitingAlert: doc(
    group({
      afterMinutes: positiveNumber(),
      to: text()
        .refine((value) => value.trim() === "" || z.email().safeParse(value.trim()).success, { error: "expected an email address" })
        .optional(),
      batchMinutes: doc(z.number({ error: "expected a number, 0 or more" }).min(0, { error: "expected a number, 0 or more" }).default(5), {
        description:
          "A recipient gets at most one alert email per this many minutes (clock-aligned windows, counted in the database); waits that come due meanwhile go out together in the next window as one digest. `0`: only the waits due in the same run (every minute) go together",
      }),
      emailLimit: doc(limitRule(6, 3600), {
        description:
          "Alert emails (single or digest) per recipient address per window, counted in the database across processes; what it holds back goes out as one digest once the window ends",
      }),
    }).optional(),
    {
      group: "Chat",
      defaultText: "(none: off)",
      description:
        "`{ afterMinutes, to?, batchMinutes?, emailLimit? }`: an email when a conversation has waited `afterMinutes` for an answer, to `to` (a team address) or else to the assigned agent; unassigned without `to`, none. See [Alerts for agents](chat.md#alerts-for-agents)",
    }
  ),
  businessHours: doc(businessHours.optional(), {
    group: "Chat",
    defaultText: "(none: always open)",
    description:
      '`{ time_zone, weekly: { mon: [{ open: "09:00", close: "17:00" }], … }, holidays: ["2026-12-25"] }`; also set on the settings page. See [Chat hours](chat.md#chat-hours)',
  }),
  awayMessage: doc(text().optional(), {
    group: "Chat",
    description: "What shoppers read outside those hours; unset, the widget's own words with the next opening",
  }),
  storeUrl: doc(httpUrlOrBlank().optional(), {
    group: "Chat",
    description:
      "Link back to the store in reply emails; unset, the visitor's page is linked only when its origin is one of `storeCors`'s exact origins, otherwise the email has no link",
  }),
  push: doc(
    group({
      maxStreamsPerIp: doc(wholeNumber(0).default(20), {
        description:
          "Open push streams one client IP may hold on one server process (each process counts its own: a shared counter would need to survive crashed processes)",
      }),
      maxStreams: doc(wholeNumber(0).default(10_000), {
        description:
          "Open push streams one server process holds in all, visitor and admin; over it a new stream gets 429 with `Retry-After` (the widget polls meanwhile). A stream lets go of its slot, timers and feed watcher on every path: the client leaving at any point, even while it opens, an error, or shutdown",
      }),
      heartbeatSeconds: doc(positiveNumber().default(15), { description: "Keep-alive comment interval on idle streams" }),
      fanout: doc(oneOf(["postgres", "redis"]).default("postgres"), {
        description:
          'How commit notices reach every process\'s streams and idle-poll cache: `"postgres"` (LISTEN/NOTIFY) or `"redis"` (pub/sub). Every Medusa process and fast-lane copy of the store must use the same one. See [Push streams](operations.md#push-streams)',
      }),
      redisUrl: doc(text().optional(), {
        defaultText: "`projectConfig.redisUrl`",
        description: 'Redis server of the `"redis"` fan-out; with neither set, `"redis"` stops the server at startup',
      }),
      redisChannelPrefix: doc(text().default("launchdesk"), {
        description: "Prefix of its Redis channels (`<prefix>:launchdesk_chat_message`), so several stores can share one Redis",
      }),
    }).prefault({}),
    { group: "Chat" }
  ),
  autoReply: doc(
    group({
      baseUrl: doc(httpUrlOrBlank().optional(), {
        description:
          "OpenAI-compatible endpoint base, e.g. `https://api.openai.com/v1`. Set here, the admin cannot change it: a settings save with another `model.base_url` is 400",
      }),
      allowedBaseUrls: doc(z.array(httpUrl(), { error: "expected a list of URLs" }).default(["https://api.openai.com/v1"]), {
        description:
          "Without `autoReply.baseUrl`: the hosts (scheme, host and port of each entry) the admin's `model.base_url` may point at, so the model API key only ever goes to a host the store owner chose. A save outside them is 400; a stored one outside them is never called (`classifier_error`, a warning naming the host)",
      }),
      apiKey: doc(text().optional(), { secret: true, description: "Bearer key for that endpoint (write-only, never shown)" }),
      model: doc(text().optional(), { description: "Model name sent in each request, e.g. `gpt-4o-mini`" }),
      dailyCap: doc(wholeNumber(0, 1_000_000).default(50), {
        description: "Auto-replies per UTC day across the whole store; `0` turns them off",
      }),
      dailyCallBudget: doc(wholeNumber(0, 1_000_000).default(200), {
        description: "Model calls per UTC day across the whole store, whatever they answer; then `daily_cap_reached`",
      }),
      callsPerConversationPerDay: doc(wholeNumber(0).default(3), {
        description: "Model calls one conversation may cause per UTC day; then `daily_cap_reached`",
      }),
      callsPerAddressPerDay: doc(wholeNumber(0).optional(), {
        defaultText: "a tenth of the daily call budget (at least 1)",
        description:
          "Model calls one client address may cause per UTC day, whatever its sessions and conversations, counted in the database; then `daily_cap_reached` for that address while other shoppers are still answered",
      }),
      timeoutMs: doc(wholeNumber(1).default(10_000), {
        description: "How long to wait for the model before answering `classifier_error`",
      }),
    }).prefault({}),
    { group: "Auto-reply" }
  ),
  bridge: doc(
    group({
      provider: doc(oneOfOrBlank(["slack", "discord"]).optional(), {
        description: '`"slack"` or `"discord"`; unset: no bridge',
      }),
      channelId: doc(text().optional(), { description: "Slack channel id (`C...`) or Discord text channel id" }),
      botToken: doc(text().optional(), {
        secret: true,
        description:
          "Slack bot token (`xoxb-...`, scopes `chat:write`, `channels:read`, `users:read`, `channels:history`) or Discord bot token",
      }),
      sharedSecret: doc(sharedSecret.optional(), {
        secret: true,
        description:
          "Secret the companion bot sends in `X-APP-Secret`: at least 32 characters, spaces around it trimmed (`openssl rand -hex 32` makes one). A shorter one stops the app at start; without one the hook route refuses everything",
      }),
      baseUrl: doc(httpUrlOrBlank().optional(), {
        defaultText: "`https://slack.com/api` / `https://discord.com/api/v10`",
        description: "API base URL, for a proxy or a test double",
      }),
    }).prefault({}),
    { group: "Team-chat bridge" }
  ),
  rateLimitMax: doc(wholeNumber(1).default(5), {
    group: "Coming soon",
    description: "Coming-soon signups per client IP per window",
  }),
  rateLimitWindowSeconds: doc(wholeNumber(1).default(600), {
    group: "Coming soon",
    description: "Length of that window (10 minutes)",
  }),
  formsAddon: doc(httpUrlOrBlank().optional(), {
    group: "Coming soon",
    description:
      'The forms add-on\'s embed URL template, e.g. `"https://forms.example.com/embed/{form_id}"`. When set, a product may use `forms_addon` as its email provider',
  }),
  mailer: doc(
    group({
      apiKey: doc(text().optional(), { secret: true, description: "MailerLite API key" }),
      baseUrl: doc(httpUrlOrBlank().default("https://connect.mailerlite.com"), {
        description: "MailerLite API base URL (a proxy, or a test double)",
      }),
      timeoutMs: doc(wholeNumber(1).default(10_000), { description: "Timeout of each MailerLite call" }),
      answerWithinMs: doc(wholeNumber(1).default(2_000), {
        description:
          "How long a signup request waits for MailerLite's subscriber id; a slower call carries on after the shopper has their answer (`mailer_id: null`), and the next 30 s of signups leave their rows to the sync job",
      }),
      requestsPerMinute: doc(wholeNumber(1).default(120), {
        description:
          "MailerLite's rate limit, shared by every process on the database; signup requests may spend half of it, the sync job's batches the rest",
      }),
    }).prefault({}),
    { group: "Coming soon" }
  ),
  launch: doc(
    group({
      emailsPerMinute: doc(wholeNumber(1).default(600), {
        description: "Emails to signups per minute (launch and confirmation emails), shared by every process on the database",
      }),
      productUrl: doc(httpUrlOrBlank().optional(), {
        description:
          'The product page in launch emails, `{handle}` replaced (e.g. `"https://shop.example/products/{handle}"`); without it the email data\'s `product_url` is null',
      }),
      backendUrl: doc(httpUrlOrBlank().optional(), {
        defaultText: "the admin's `backendUrl` when absolute, else `http://localhost:9000`",
        description: "This server's public URL, for the unsubscribe and confirmation links in emails",
      }),
    }).prefault({}),
    { group: "Coming soon" }
  ),
  doubleOptIn: doc(flag().default(false), {
    group: "Coming soon",
    description:
      "New signups confirm their address from an email before they are synced to MailerLite or sent the launch email (see [Double opt-in](coming-soon.md#double-opt-in))",
  }),
  captcha: doc(
    group({
      provider: doc(oneOfOrBlank(CAPTCHA_PROVIDERS).optional(), {
        description: "CAPTCHA provider (`turnstile`, `recaptcha` or `hcaptcha`) and its keys",
      }),
      siteKey: doc(text().optional(), { sharesRow: true }),
      secretKey: doc(text().optional(), { sharesRow: true, secret: true }),
      verifyUrls: doc(
        group({
          turnstile: httpUrl().optional(),
          recaptcha: httpUrl().optional(),
          hcaptcha: httpUrl().optional(),
        }).optional(),
        { defaultText: "the providers' public siteverify URLs", description: "`{ turnstile?, recaptcha?, hcaptcha? }`" }
      ),
      timeoutMs: doc(wholeNumber(1).default(10_000), {
        description: "A slower siteverify answer counts as a failed CAPTCHA",
      }),
    }).prefault({}),
    { group: "Coming soon" }
  ),
  signupTokenSecret: doc(text().optional(), {
    group: "Coming soon",
    secret: true,
    defaultText: "a random 32-byte key the plugin makes on first use and keeps in the database",
    description:
      "Key of the HMAC behind signup tokens, unsubscribe and confirmation links and launch codes; when set it wins, and must be the same in every server process. Never Medusa's `cookieSecret` or `jwtSecret` (links in emails sent by versions that derived it from `cookieSecret` no longer open)",
  }),
})

/** The options as written in medusa-config: every option may be left out. */
export type LaunchDeskPluginOptionsType = z.input<typeof LaunchDeskPluginOptions>

// Keys Medusa itself puts into a module's options (its database connection settings).
const MEDUSA_MODULE_OPTION_KEYS = ["database"]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The schema of the option at `path`, through optional and defaulted wrappers. */
function schemaAt(path: readonly PropertyKey[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = LaunchDeskPluginOptions
  for (const key of path) {
    schema = schema && unwrapped(schema)
    schema = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[String(key)] : undefined
  }
  return schema
}

/** The schema inside optional, default and prefault wrappers. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
    inner = inner.unwrap() as z.ZodType
  }
  return inner
}

function valueAt(options: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined), options)
}

/** A given value as an error message may repeat it: short, and never a secret. */
function shown(value: unknown, secret: boolean): string {
  if (value === undefined) return "nothing"
  if (Array.isArray(value)) return "a list"
  if (typeof value === "object" && value !== null) return "an object"
  if (typeof value === "function") return "a function"
  if (secret) return typeof value === "string" ? `a string of ${value.trim().length} characters` : `a ${typeof value}`
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
  return String(value)
}

const isSecretPath = (path: readonly PropertyKey[]) =>
  path.some((_, index) => optionDoc(schemaAt(path.slice(0, index + 1)) ?? z.never())?.secret === true)

const pathName = (path: readonly PropertyKey[]) => path.map(String).join(".")

/** One line per problem, each naming the option and what was expected. */
function describeProblems(options: unknown, error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const level = unwrapped(schemaAt(issue.path) ?? LaunchDeskPluginOptions)
      const known = level instanceof z.ZodObject ? Object.keys(level.shape).join(", ") : ""
      const where = issue.path.length ? `${pathName(issue.path)} takes` : "the options are"
      return issue.keys.map(
        (key) => `LaunchDesk option ${pathName([...issue.path, key])}: not an option of the plugin (${where} ${known})`
      )
    }
    const given = shown(valueAt(options, issue.path), isSecretPath(issue.path))
    // A message that is a sentence of its own (the shared secret's) loses its full stop before "got".
    return [`LaunchDesk option ${pathName(issue.path) || "(options)"}: ${issue.message.replace(/\.$/, "")}, got ${given}`]
  })
}

/**
 * Checks the plugin options a module was given, before anything reads them: a value of the
 * wrong type or out of range, or a key the plugin does not know, stops the start with one line
 * per problem naming the option. The options themselves are returned as given (each reader
 * applies its defaults), so the same object stays shared by the plugin's modules.
 */
export function checkPluginOptions(options: unknown): LaunchDeskPluginOptionsType {
  const given = options ?? {}
  if (!isRecord(given)) {
    throw new Error(`LaunchDesk options: expected an object, got ${shown(given, false)}`)
  }
  const own = Object.fromEntries(Object.entries(given).filter(([key]) => !MEDUSA_MODULE_OPTION_KEYS.includes(key)))
  const result = LaunchDeskPluginOptions.safeParse(own)
  if (!result.success) {
    throw new Error(describeProblems(own, result.error).join("\n"))
  }
  return given as LaunchDeskPluginOptionsType
}
