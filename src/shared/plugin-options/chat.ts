import { z } from "@medusajs/framework/zod"
import { INT4_MAX } from "../input-schema"
import { doc, flag, group, httpUrlOrBlank, limitRule, MEBIBYTE, oneOf, positiveNumber, text, wholeNumber } from "./option-kinds"

export const COOKIE_SAME_SITE = ["lax", "strict", "none"] as const
export type CookieSameSite = (typeof COOKIE_SAME_SITE)[number]

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

/** The chat's options: its limits, attachments, cookies, alerts and hours. */
export const chatOptions = {
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
      "This server's public URL (`https://api.example.com`): the links in emails (transcript and signup confirmations, unsubscribe; `launch.backendUrl` overrides it for signups) and team-chat posts' attachment links point under it; without one posts name the files without a link",
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
  productCardPath: doc(
    text()
      .refine((path) => path.trim().startsWith("/"), "must be a path starting with /")
      .optional(),
    {
      group: "Chat",
      defaultText: '`"/products/{handle}"`',
      description:
        "A product card's link in staff replies: `storeUrl` followed by this path, `{handle}` and `{id}` replaced; without `storeUrl` the path alone (the widget is on the store's pages). See [Product cards](chat.md#product-cards)",
    }
  ),
}
