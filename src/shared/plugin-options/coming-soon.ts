import { doc, flag, group, httpUrl, httpUrlOrBlank, oneOfOrBlank, text, wholeNumber } from "./option-kinds"

export const CAPTCHA_PROVIDERS = ["turnstile", "recaptcha", "hcaptcha"] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]

/** The coming-soon options: signups, MailerLite, launch emails, CAPTCHA, signup tokens. */
export const comingSoonOptions = {
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
        description:
          "Emails to shoppers per minute (launch, restock and confirmation emails), an even pace shared by every process on the database: at most this many in any 60 s, about 96 % of it on a long send",
      }),
      productUrl: doc(httpUrlOrBlank().optional(), {
        description:
          'The product page in launch emails, `{handle}` replaced (e.g. `"https://shop.example/products/{handle}"`); without it the email data\'s `product_url` is null',
      }),
      backendUrl: doc(httpUrlOrBlank().optional(), {
        defaultText: "`backendUrl`, else the admin's `backendUrl` when absolute, else `http://localhost:9000`",
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
  requireConsent: doc(flag().optional(), {
    group: "Coming soon",
    defaultText: "the admin's setting, off unless set there",
    description:
      "Signups and back-in-stock subscriptions must tick the consent checkbox (`consent: true`), whose text is kept with the row (see [Consent on record](coming-soon.md#consent-on-record)); fixes the admin's setting",
  }),
  waitlist: doc(
    group({
      referralBoost: doc(wholeNumber(0).default(10), {
        description:
          "Places a signup moves up the line for each confirmed signup its share links brought (see [Place in line](coming-soon.md#place-in-line))",
      }),
      statusLinkDays: doc(wholeNumber(1).default(90), {
        description: "How long the status link in a signup's emails opens its place in line",
      }),
    }).prefault({}),
    { group: "Coming soon" }
  ),
  backInStock: doc(
    group({
      firstComeFirstServed: doc(flag().default(false), {
        description:
          "A restock emails only as many waiting subscribers as units came back, in signup order; the rest wait for the next restock (see [First come, first served](back-in-stock.md#first-come-first-served))",
      }),
    }).prefault({}),
    { group: "Coming soon" }
  ),
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
}
