// What the demo store contains. The seed looks every record up by the field noted beside
// it before creating it, so changing a value here creates a new record on the next run.

/** Looked up by email. A local demo login: never reuse it on a real store. */
const ADMIN = { email: "admin@launchdesk.demo", password: "launchdesk-demo" }

/** Looked up by title among the publishable keys that are not revoked. */
const PUBLISHABLE_KEY_TITLE = "Launchdesk demo storefront"

/** Looked up by name; only used when the store has no default region yet. */
const REGION = { name: "Europe", currency_code: "eur", countries: ["de", "fr", "it", "es", "nl"] }

/** Looked up by handle. Amounts are in the currency's main unit (29 = €29.00). */
const PRODUCTS = [
  {
    title: "Launch Tee",
    handle: "launch-tee",
    description:
      "A heavyweight organic-cotton tee with a relaxed fit and a small rocket stitched on the chest. Pre-washed, so it keeps its shape launch after launch.",
    sizes: ["S", "M", "L", "XL"],
    // Sizes that track their stock, of which the demo has none (no stock location): the
    // storefront offers "Notify me when it's back" for them (docs/back-in-stock.md).
    soldOut: ["XL"],
    prices: { eur: 29, usd: 32 },
  },
  {
    title: "Countdown Hoodie",
    handle: "countdown-hoodie",
    description:
      "Brushed-fleece hoodie with a roomy hood, ribbed cuffs and a kangaroo pocket big enough for a phone and a launch checklist.",
    sizes: ["S", "M", "L", "XL"],
    prices: { eur: 69, usd: 75 },
  },
  {
    title: "Orbit Cap",
    handle: "orbit-cap",
    description: "A six-panel cotton twill cap with an embroidered orbit and an adjustable brass buckle.",
    sizes: ["One size"],
    prices: { eur: 24, usd: 26 },
  },
]

/**
 * Coming-soon settings, looked up by product handle. The arrival date is this many days after
 * the seed runs, and moves forward again once it has passed, so the countdown always runs.
 */
const COMING_SOON = [
  {
    handle: "countdown-hoodie",
    arrivalInDays: 21,
    offer_description:
      "<p><strong>Waitlist perk:</strong> 15% off during launch week, and first pick of the limited ember colourway.</p>\n<p>We email you once, the morning it lands.</p>",
    mailer_group_id: "demo-waitlist",
  },
]

/** Looked up by question. */
const CANNED_RESPONSES = [
  {
    question: "Hello",
    response: "Hi there! Thanks for reaching out. How can we help you today?",
    category: "general",
  },
  {
    question: "How long does shipping take?",
    response: "Orders leave our warehouse within 1-2 business days. Delivery takes 2-5 days in the EU and 5-10 days elsewhere.",
    category: "shipping",
  },
  {
    question: "Can I return an item?",
    response: "Yes: you have 30 days to return unworn items with their tags on. Start a return from your order confirmation email.",
    category: "returns",
  },
  {
    question: "Which size should I pick?",
    response: "Our tees and hoodies are true to size. Between two sizes? Take the larger one for a relaxed fit.",
    category: "sizing",
  },
  {
    question: "Where is my order?",
    response: "Send us your order number and the email you ordered with, and we will look it up right away.",
    category: "orders",
  },
]

module.exports = { ADMIN, PUBLISHABLE_KEY_TITLE, REGION, PRODUCTS, COMING_SOON, CANNED_RESPONSES }
