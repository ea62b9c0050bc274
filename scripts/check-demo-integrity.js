#!/usr/bin/env node
// `npm run check:integrity -- [--store URL] [--fast-lane URL]` while `npm run demo` runs:
// re-runs the checks behind docs/security.md against the store from outside, over HTTP, as an
// attacker (and the demo's own admin, for what only staff can see) would. One line per check:
//
//   PASS|FAIL|SPEC|SKIP  <id>  <what> | tried: <what it sent> | answered: <what the store said>
//
// SPEC names a part no outside run can reach (time travel, a database that refuses a statement,
// an outside service) and the spec that covers it; SKIP a check the store's setup leaves out.
// Exits 1 on any FAIL.
//
// What it needs it learns from what the demo wrote: the seed's result (.data/demo-seed.json:
// publishable key, admin login, coming-soon handles), the demo host's medusa-config.js (which
// options it sets), its folders (where the File provider put a chat file) and its logs. Each
// client it plays connects from a loopback address of its own (127.A.B.n, A and B new on every
// run), so the per-address limits count each client apart and a second run the same day starts
// with fresh daily budgets; node:http rather than fetch, since fetch cannot choose the local
// address. Targets are this machine's 127.0.0.1 only.
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")
const crypto = require("node:crypto")
const { parseArgs } = require("node:util")

const ROOT = path.resolve(__dirname, "..")

const USAGE = `Usage: npm run check:integrity -- [--store URL] [--fast-lane URL] [--data DIR]

  --store      the Medusa store to check (default http://127.0.0.1:9000, the demo's)
  --fast-lane  the chat's fast lane, checked beside the store where the rules hold on both lanes
               (default http://127.0.0.1:9001, the demo's; "none" checks the store alone)
  --data       the demo's data folder (default .data): its seed result, host and logs`

// The plugin's defaults (docs/configuration.md); the demo sets none of these options.
const MAX_FILE_BYTES = 10 * 1024 * 1024
const FILES_PER_CONVERSATION = 5 // of MAX_FILE_BYTES: the 50 MiB a conversation may hold
const DAILY_UPLOAD_BYTES = 100 * 1024 * 1024
const EMAIL_SAVES_PER_ADDRESS = 30
const EMAIL_SAVES_PER_CONVERSATION = 3
const BRIDGE_AUTH_FAILURES = 10
const EXPIRY_JOB = "launchdesk-expire-unsent-attachments"

const CONFIRM_TEMPLATE = "launchdesk.chat.email-confirm"
const TRANSCRIPT_TEMPLATE = "launchdesk.chat.transcript"
const LAUNCH_TEMPLATE = "launchdesk.coming-soon.launched"

// What the attacker of the transcript finding wrote: it must never reach a stranger as the store's.
const PHISHING = "Your account is locked, verify at https://evil.example/login now"
const PHISHING_TRACES = /evil|locked|verify at/i

// Secrets an attacker could know or guess: Medusa's default, and the demo host's (scripts/lib/host-app.js).
const GUESSABLE_SECRETS = ["supersecret", "host-cookie-secret", "host-jwt-secret"]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file the upload route takes for a PNG (it reads the type from the first bytes). */
const png = (size, tag = "integrity check") =>
  Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, tag)])

const RUN = crypto.randomBytes(3).toString("hex")
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Talking to the store

/** The host and port of a URL on 127.0.0.1; this script attacks nothing else. */
function targetOf(option, url) {
  const parsed = new URL(url)
  const host = parsed.hostname === "localhost" ? "127.0.0.1" : parsed.hostname
  if (host !== "127.0.0.1" || parsed.protocol !== "http:") {
    throw new Error(`${option} ${url}: only http://127.0.0.1 (or localhost) is a target of this script`)
  }
  return { host, port: Number(parsed.port || 80), url: url.replace(/\/$/, "") }
}

const runOctets = [1 + crypto.randomInt(254), 1 + crypto.randomInt(254)]
let lastHost = 0
/** A loopback address no other client of this run uses. */
const freshAddress = () => `127.${runOctets[0]}.${runOctets[1]}.${++lastHost}`

/** The targets: `store` always, `fastLane` when one answers. */
const targets = { store: null, fastLane: null }

/** One request to `lane` from `from`. Never throws on a status. */
function request(method, urlPath, { lane = "store", from, headers = {}, body } = {}) {
  const target = targets[lane]
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        method,
        path: urlPath,
        localAddress: from,
        agent: false,
        headers: payload ? { ...headers, "content-length": payload.length } : headers,
      },
      (res) => {
        const chunks = []
        res.on("data", (chunk) => chunks.push(chunk))
        res.on("end", () => {
          const bytes = Buffer.concat(chunks)
          const text = bytes.toString("utf8")
          let json = null
          try {
            json = JSON.parse(text)
          } catch {
            // a page or a file
          }
          resolve({ status: res.statusCode, headers: res.headers, bytes, text, json })
        })
      }
    )
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${urlPath}: no answer in 120 s`)))
    req.on("error", reject)
    req.end(payload)
  })
}

const JSON_HEADERS = { "content-type": "application/json" }
const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" }

/** A multipart form as a browser's FormData sends it, serialised by the platform itself. */
async function multipart(field, name, bytes, type) {
  const form = new FormData()
  form.append(field, new Blob([bytes], { type }), name)
  const encoded = new Request("http://form.invalid/", { method: "POST", body: form })
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") }
}

/** A browser on a storefront: its own address, the publishable key, the visitor cookie, maybe a sign-in. */
class Shopper {
  constructor(context, address = freshAddress()) {
    this.context = context
    this.address = address
    this.visitorHash = null
    this.bearer = null
    this.conversationId = null
    /** Sent as X-Forwarded-For, for the checks that try it. */
    this.forwardedFor = null
  }

  headers(extra = {}) {
    const headers = { "x-publishable-api-key": this.context.publishableKey, ...extra }
    if (this.visitorHash) headers.cookie = `app_visitor_hash=${this.visitorHash}`
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`
    if (this.forwardedFor) headers["x-forwarded-for"] = this.forwardedFor()
    return headers
  }

  async call(method, urlPath, body, lane = "store") {
    const response = await request(method, urlPath, {
      lane,
      from: this.address,
      headers: this.headers(body === undefined ? {} : JSON_HEADERS),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const cookie = [response.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("app_visitor_hash="))
    if (cookie) this.visitorHash = cookie.split(";")[0].split("=")[1]
    return response
  }

  /** The same browser (cookie and sign-in) from another address. */
  at(address = freshAddress()) {
    const moved = new Shopper(this.context, address)
    moved.visitorHash = this.visitorHash
    moved.bearer = this.bearer
    moved.conversationId = this.conversationId
    return moved
  }

  async session(body = {}, lane = "store") {
    const response = await this.call("POST", "/store/app/v1/session", body, lane)
    if (response.status === 200) {
      this.conversationId = response.json.conversation_id
      this.context.conversations.add(this.conversationId)
    }
    return response
  }

  send(message, extra = {}) {
    return this.call("POST", "/store/app/v1/send", { message, ...extra })
  }

  saveEmail(email, lane = "store") {
    return this.call("POST", "/store/app/v1/email", { email }, lane)
  }

  async upload(bytes, name) {
    const form = await multipart("file", name, bytes, "application/octet-stream")
    return request("POST", "/store/app/v1/attachments", {
      from: this.address,
      headers: this.headers({ "content-type": form.contentType }),
      body: form.body,
    })
  }
}

/** The demo's admin, signed in with the credentials the seed wrote. */
class Admin {
  constructor(address) {
    this.address = address
    this.token = null
  }

  async signIn({ email, password }) {
    const login = await request("POST", "/auth/user/emailpass", {
      from: this.address,
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, password }),
    })
    if (login.status !== 200 || !login.json?.token) throw new Error(`admin sign-in as ${email}: ${brief(login)}`)
    this.token = login.json.token
  }

  call(method, urlPath, body) {
    return request(method, urlPath, {
      from: this.address,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : JSON_HEADERS) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  /** The Notification module's records to one address (newest first), with the email headers they carry. */
  async notificationsTo(to) {
    const query = new URLSearchParams({ to, limit: "200", fields: "+provider_data" })
    const response = await this.call("GET", `/admin/notifications?${query}`)
    if (response.status !== 200) throw new Error(`GET /admin/notifications: ${brief(response)}`)
    return response.json.notifications
  }

  /** The first notification to `to` of `template`, waiting up to `seconds` for the outbox to send it. */
  emailOf(to, template, seconds = 40) {
    return eventually(async () => (await this.notificationsTo(to)).find((n) => n.template === template), seconds)
  }

  close(conversationId) {
    return this.call("POST", `/admin/app/v1/close/${conversationId}`, {})
  }
}

/** A response in a few words: status, error type and message, or what a JSON answer holds. */
function brief(response) {
  if (!response) return "no answer"
  const { status, json, text } = response
  if (json && (json.type || json.message)) return `${status} ${json.type ?? ""} "${String(json.message ?? "").slice(0, 90)}"`.replace("  ", " ")
  if (json) return `${status} ${JSON.stringify(json).slice(0, 110)}`
  return `${status} ${text.replace(/\s+/g, " ").slice(0, 60)}`
}

/** Waits for `probe` to give something truthy, for at most `seconds`. */
async function eventually(probe, seconds) {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const found = await probe()
    if (found || Date.now() > deadline) return found
    await sleep(1000)
  }
}

/** A signed-in customer of the demo's store, from a fresh address. */
async function newCustomer(context, { firstName = "Ada", label = "customer" } = {}) {
  const email = `${label}-${RUN}-${crypto.randomBytes(2).toString("hex")}@example.com`
  const password = `integrity-${RUN}-password`
  const account = new Shopper(context)
  const registered = await account.call("POST", "/auth/customer/emailpass/register", { email, password })
  account.bearer = registered.json?.token
  const created = await account.call("POST", "/store/customers", { email, first_name: firstName, last_name: "Shopper" })
  account.bearer = null
  const login = await account.call("POST", "/auth/customer/emailpass", { email, password })
  if (created.status !== 200 || !login.json?.token) throw new Error(`customer sign-up: ${brief(created)}, sign-in ${brief(login)}`)
  context.cleanups.push(() => context.admin.call("DELETE", `/admin/customers/${created.json.customer.id}`))
  return { email, token: login.json.token }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const tally = { PASS: 0, FAIL: 0, SPEC: 0, SKIP: 0 }
function report(verdict, id, what, detail) {
  tally[verdict] += 1
  console.log(`${verdict} ${id.padEnd(5)} ${what} | ${detail}`)
}
/** A check's verdict with what it tried and what the store answered. */
const line = (passed, id, what, tried, answered) => report(passed ? "PASS" : "FAIL", id, what, `tried: ${tried} | answered: ${answered}`)
/** A part only the spec suite covers, and which spec. */
const spec = (id, what, why, specs) => report("SPEC", id, what, `${why} | covered by: ${specs}`)
const skip = (id, what, why) => report("SKIP", id, what, why)

/** Runs one finding's checks; an error it did not expect is a FAIL of that finding, not the end of the run. */
async function check(id, what, run) {
  try {
    await run()
  } catch (error) {
    report("FAIL", id, what, `the check stopped: ${error.message.split("\n")[0]}`)
  }
}

// ---------------------------------------------------------------------------------------------
// What the demo is

async function learnDemo(options) {
  const dataDir = path.resolve(ROOT, options.data)
  const seedFile = path.join(dataDir, "demo-seed.json")
  if (!fs.existsSync(seedFile)) throw new Error(`${seedFile} is missing: start the demo first (npm run demo)`)
  const seed = JSON.parse(fs.readFileSync(seedFile, "utf8"))
  const hostDir = path.join(dataDir, "demo-host")
  const hostConfigFile = path.join(hostDir, "medusa-config.js")
  const health = await request("GET", "/health", { from: "127.0.0.1" }).catch((error) => ({ error }))
  if (health.error || health.status !== 200) {
    throw new Error(`the store does not answer at ${targets.store.url}/health (${health.error?.message ?? health.status}): start it with npm run demo`)
  }
  const admin = new Admin(freshAddress())
  await admin.signIn(seed.admin)
  const context = {
    seed,
    hostDir,
    logDir: path.join(dataDir, "demo-logs"),
    hostConfig: fs.existsSync(hostConfigFile) ? fs.readFileSync(hostConfigFile, "utf8") : "",
    admin,
    publishableKey: seed.publishableKey,
    conversations: new Set(),
    cleanups: [],
  }

  const browser = new Shopper(context)
  const regions = await browser.call("GET", "/store/regions")
  context.region = regions.json?.regions?.[0]
  if (!context.region) throw new Error(`GET /store/regions: ${brief(regions)}`)
  const handle = seed.comingSoonHandles?.[0]
  const products = await browser.call("GET", `/store/products?handle=${encodeURIComponent(handle)}&region_id=${context.region.id}`)
  context.comingSoonProduct = products.json?.products?.[0]
  if (!context.comingSoonProduct) throw new Error(`GET /store/products?handle=${handle}: ${brief(products)}`)
  const stores = await admin.call("GET", "/admin/stores")
  context.store = stores.json?.stores?.[0]
  context.salesChannelId = context.store?.default_sales_channel_id
  context.chatSettings = (await admin.call("GET", "/admin/app/v1/settings")).json
  return context
}

/** Whether the demo host's config sets an option (the demo writes its plugin options there). */
const configures = (context, option) => new RegExp(`"${option}"`).test(context.hostConfig)

/**
 * A product of the run's own, on sale in the demo's sales channel: the checks that need a
 * product to change state (a line added before it turns coming soon, a launch with emails and
 * codes) use it, so the demo's own products stay as the seed left them. Deleted at the end,
 * with its signups and its launch codes.
 */
async function throwawayProduct(context) {
  if (context.throwaway) return context.throwaway
  const currency = context.region.currency_code
  const created = await context.admin.call("POST", "/admin/products", {
    title: `Integrity check ${RUN}`,
    handle: `integrity-check-${RUN}`,
    status: "published",
    options: [{ title: "Size", values: ["One"] }],
    variants: [{ title: "One", options: { Size: "One" }, manage_inventory: false, prices: [{ currency_code: currency, amount: 10 }] }],
    sales_channels: [{ id: context.salesChannelId }],
  })
  if (created.status !== 200) throw new Error(`POST /admin/products: ${brief(created)}`)
  const product = created.json.product
  context.throwaway = { id: product.id, title: product.title, variantId: product.variants[0].id }
  context.cleanups.push(async () => {
    for (const row of await signupsOf(context, product.id)) await context.admin.call("DELETE", `/admin/coming-soon/signups/${row.id}`)
    await context.admin.call("DELETE", `/admin/products/${product.id}`)
  })
  return context.throwaway
}

/** Turns the run's product coming soon (once), as staff do on its card. */
async function makeComingSoon(context) {
  const throwaway = await throwawayProduct(context)
  if (throwaway.comingSoon) return throwaway
  const turned = await context.admin.call("POST", `/admin/coming-soon/products/${throwaway.id}`, {
    enabled: true,
    arrival_date: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10),
    email_provider: "mailer",
    mailer_group_id: `integrity-check-${RUN}`,
  })
  if (turned.status !== 200) throw new Error(`POST /admin/coming-soon/products/:id: ${brief(turned)}`)
  throwaway.comingSoon = true
  return throwaway
}

async function signupsOf(context, productId) {
  const response = await context.admin.call("GET", `/admin/coming-soon/signups?product_id=${productId}&per_page=100`)
  if (response.status !== 200) throw new Error(`GET /admin/coming-soon/signups: ${brief(response)}`)
  return response.json.items
}

/** Signs `email` up to a coming-soon product from a fresh address, as the storefront's form does. */
async function signUp(context, productId, email) {
  const fan = new Shopper(context)
  const config = await fan.call("GET", `/store/coming-soon/products/${productId}`)
  return fan.call("POST", "/store/coming-soon/signup", { signup_token: config.json?.signup_token, product_id: productId, email, name: "" })
}

const comingSoonRefusal = (response) =>
  response.status === 400 && response.json?.type === "invalid_data" && /coming soon/i.test(response.json?.message ?? "")

/** The lanes a visitor rule holds on: the store, and the fast lane when one answers. */
const visitorLanes = () => (targets.fastLane ? ["store", "fastLane"] : ["store"])
const laneName = (lane) => (lane === "store" ? "Medusa" : "fast lane")

/** The demo's log files, as one text (empty when the store is not the demo). */
function demoLogs(context) {
  if (!fs.existsSync(context.logDir)) return ""
  return fs
    .readdirSync(context.logDir)
    .map((name) => fs.readFileSync(path.join(context.logDir, name), "utf8"))
    .join("\n")
}

/** The plugin's own code as the demo host installed it: the checks that forge a token use its signing. */
function installedPluginModule(context, relative) {
  const file = path.join(context.hostDir, "node_modules", "medusa-plugin-launchdesk", ".medusa", "server", "src", relative)
  return fs.existsSync(file) ? require(file) : null
}

// ---------------------------------------------------------------------------------------------
// The checks, one function per finding of issue 27 (docs/security.md has the rules)

/** 0. Not for sale before launch. */
async function notForSale(context) {
  const shopper = new Shopper(context)
  const product = context.comingSoonProduct
  const variant = product.variants[0]
  const cart = await shopper.call("POST", "/store/carts", { region_id: context.region.id })
  if (cart.status !== 200) throw new Error(`POST /store/carts: ${brief(cart)}`)
  const cartId = cart.json.cart.id
  const added = await shopper.call("POST", `/store/carts/${cartId}/line-items`, { variant_id: variant.id, quantity: 1 })
  const items = (await shopper.call("GET", `/store/carts/${cartId}`)).json?.cart?.items ?? []
  line(
    comingSoonRefusal(added) && items.length === 0,
    "0.1",
    "a coming-soon variant cannot be added to a cart",
    `POST /store/carts/:id/line-items {variant_id: ${product.handle} ${variant.title}, quantity: 1}`,
    `${brief(added)}; the cart holds ${items.length} lines`
  )

  const withItems = await shopper.call("POST", "/store/carts", {
    region_id: context.region.id,
    items: [{ variant_id: variant.id, quantity: 1 }],
  })
  line(comingSoonRefusal(withItems), "0.2", "a cart cannot be created holding it", `POST /store/carts {items: [${product.handle}]}`, brief(withItems))

  // A line can only exist from before the product turned coming soon: the run's own product.
  const throwaway = await throwawayProduct(context)
  const second = await shopper.call("POST", "/store/carts", { region_id: context.region.id })
  const secondId = second.json.cart.id
  const before = await shopper.call("POST", `/store/carts/${secondId}/line-items`, { variant_id: throwaway.variantId, quantity: 2 })
  if (before.status !== 200) throw new Error(`adding the run's product before it is coming soon: ${brief(before)}`)
  const lineId = before.json.cart.items[0].id
  await makeComingSoon(context)
  const raised = await shopper.call("POST", `/store/carts/${secondId}/line-items/${lineId}`, { quantity: 3 })
  const quantity = (await shopper.call("GET", `/store/carts/${secondId}`)).json?.cart?.items?.[0]?.quantity
  const lowered = await shopper.call("POST", `/store/carts/${secondId}/line-items/${lineId}`, { quantity: 1 })
  line(
    comingSoonRefusal(raised) && quantity === 2 && lowered.status === 200,
    "0.3",
    "a line's quantity cannot be raised once its product is coming soon",
    "a line of 2 added before the run's own product turned coming soon, then POST /store/carts/:id/line-items/:line {quantity: 3}, then {quantity: 1}",
    `raise ${brief(raised)}, the line still ${quantity}; lower ${lowered.status}`
  )
}

/** Where the File provider put a file of these bytes in the demo host: `{ folder, name }`, or null. */
function storedFile(context, bytes) {
  if (!fs.existsSync(context.hostDir)) return null
  const folders = fs
    .readdirSync(context.hostDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "node_modules" && entry.name !== ".medusa")
    .map((entry) => entry.name)
  for (const folder of folders) {
    const dir = path.join(context.hostDir, folder)
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name)
      const stat = fs.statSync(file)
      if (stat.isFile() && stat.size === bytes.length && fs.readFileSync(file).equals(bytes)) return { folder, name }
    }
  }
  return null
}

// The key the plugin chooses (128 random bits in hex, and the type's extension) after the prefix
// Medusa's local provider adds to private files (`private-<milliseconds>-`).
const STORED_NAME = /^(?:private-(\d+)-)?([0-9a-f]{32})\.png$/

/** 1. Chat files are not public and not guessable. */
async function chatFiles(context) {
  const owner = new Shopper(context)
  await owner.session()
  const bytes = png(2048, `integrity check ${RUN}`)
  const uploaded = await owner.upload(bytes, "passport.png")
  if (uploaded.status !== 200) throw new Error(`POST /store/app/v1/attachments: ${brief(uploaded)}`)
  const stored = storedFile(context, bytes)
  const key = stored ? STORED_NAME.exec(stored.name)?.[2] : null

  line(
    !uploaded.text.includes("/static") && !(key && uploaded.text.includes(key)),
    "1.1",
    "the upload's answer names no stored path",
    "POST /store/app/v1/attachments (a 2 KB PNG named passport.png)",
    `${uploaded.status} ${uploaded.text}`
  )

  const guessPath = `/static/launchdesk-chat-${owner.conversationId}.png`
  const guessed = await request("GET", guessPath, { from: freshAddress() })
  line(guessed.status === 404, "1.2", "the old, guessable file name finds nothing", `GET ${guessPath} without credentials`, `${guessed.status}`)

  const downloadPath = `/store/app/v1/attachments/${uploaded.json.attachment_id}`
  const stranger = new Shopper(context)
  await stranger.session()
  const strangers = await stranger.call("GET", downloadPath)
  const anonymous = await new Shopper(context).call("GET", downloadPath)
  const owners = await owner.call("GET", downloadPath)
  line(
    strangers.status === 404 && anonymous.status === 403 && owners.status === 200 && owners.bytes.equals(bytes),
    "1.3",
    "only its owner downloads it, through the plugin's route",
    `GET ${downloadPath} as another visitor, without a cookie, and as the owner`,
    `another visitor ${strangers.status}, no cookie ${anonymous.status}, the owner ${owners.status} (${owners.bytes.equals(bytes) ? "the same bytes" : "other bytes"})`
  )

  // What the store stores is read from the demo's disk, by the upload's bytes: a step no
  // attacker could take, which shows the key an attacker would have to guess.
  if (!stored) {
    skip("1.4", "the stored key carries 128 random bits", `no file with the upload's bytes under ${path.relative(ROOT, context.hostDir)} (not the demo, or a File provider that stores elsewhere)`)
  } else {
    line(
      Boolean(key),
      "1.4",
      "the stored key carries 128 random bits",
      "the upload's bytes looked up in the demo host's folders",
      `${stored.folder}/${stored.name}: ${key ? "32 hex digits (128 bits) and the extension, after the provider's prefix; nothing of the conversation or the file name" : "not a 128-bit random key"}`
    )
    // Every way Medusa could serve it: the provider's URL (/static/<key>), the folder's name, the root.
    const probes = [`/static/${stored.name}`, `/${stored.folder}/${stored.name}`, `/${stored.name}`, `/static/${key ?? stored.name}`]
    const answers = []
    for (const probe of [...new Set(probes)]) {
      const answer = await request("GET", probe, { from: freshAddress() })
      answers.push(`${probe.replace(stored.name, "<key>")} ${answer.status}${answer.bytes.equals(bytes) ? " (THE FILE)" : ""}`)
    }
    const served = answers.some((answer) => answer.includes("THE FILE"))
    const privateDir = /private_upload_dir/.test(context.hostConfig)
    line(
      !served && stored.folder !== "static",
      "1.5",
      "an unauthenticated fetch of the stored path fails",
      `GET of the stored key without credentials, under /static and elsewhere (the file is in ${stored.folder}/${privateDir ? ": the demo sets the local provider's private_upload_dir, as docs/chat.md tells stores" : ""})`,
      answers.join(", ")
    )
  }

  // The key must appear in no answer the plugin gives: send the file, then read it every way.
  const sent = await owner.send("my passport", { attachment_ids: [uploaded.json.attachment_id] })
  const reads = {
    send: sent,
    session: await owner.session(),
    poll: await owner.call("GET", "/store/app/v1/poll?since_id=0"),
    "admin conversation": await context.admin.call("GET", `/admin/app/v1/conversation/${owner.conversationId}`),
    "owner download": owners,
    "admin download": await context.admin.call("GET", `/admin/app/v1/attachments/${uploaded.json.attachment_id}`),
  }
  const leaks = Object.entries(reads)
    .filter(([, answer]) => key && `${JSON.stringify(answer.headers)}${answer.json ? answer.text : ""}`.includes(key))
    .map(([name]) => name)
  line(
    sent.status === 200 && Boolean(key) && leaks.length === 0,
    "1.6",
    "the stored key is in no answer: the plugin's routes are the only way in",
    `POST /send with the file, then /session, /poll, the admin's conversation and both download routes, searched for the key`,
    key ? `send ${sent.status}; the key ${leaks.length ? `FOUND in ${leaks.join(", ")}` : "in none of them"}` : "the key is unknown (1.4)"
  )

  // Eight uploads at once (each its own bytes, one cookie, eight addresses): none may replace another.
  const racers = Array.from({ length: 8 }, (_, n) => png(1500 + n, `race ${n} ${RUN}`))
  const forms = await Promise.all(racers.map((racer, n) => multipart("file", `race-${n}.png`, racer, "image/png")))
  const racing = forms.map((form) => ({ form, from: freshAddress() }))
  const answers = await Promise.all(
    racing.map(({ form, from }) =>
      request("POST", "/store/app/v1/attachments", { from, headers: owner.headers({ "content-type": form.contentType }), body: form.body })
    )
  )
  const downloads = await Promise.all(
    answers.map((answer) => (answer.status === 200 ? owner.call("GET", `/store/app/v1/attachments/${answer.json.attachment_id}`) : null))
  )
  const own = downloads.filter((download, n) => download?.status === 200 && download.bytes.equals(racers[n])).length
  const files = racers.map((racer) => storedFile(context, racer)).filter(Boolean)
  const milliseconds = files.map((file) => STORED_NAME.exec(file.name)?.[1]).filter(Boolean)
  const sharedMs = milliseconds.length - new Set(milliseconds).size
  line(
    own === racers.length && new Set(files.map((file) => file.name)).size === racers.length,
    "1.7",
    "uploads at the same moment all survive",
    "8 uploads of different bytes sent at once (one conversation), then each downloaded",
    `${answers.map((answer) => answer.status).join(",")}; ${own} of 8 download their own bytes; ${files.length} files on disk under ${new Set(files.map((file) => file.name)).size} names${milliseconds.length ? `, ${sharedMs} of them stored in a millisecond another also used` : ""}`
  )
}

/** 2. Attachment storage is bounded: bytes per client address per day, and unsent uploads expire. */
async function uploadStorage(context) {
  await dailyUploadCap(context)

  const elsewhere = new Shopper(context)
  await elsewhere.session()
  const other = await elsewhere.upload(png(1024), "scan.png")
  line(other.status === 200, "2.2", "another address keeps its own budget", `1 KB from ${elsewhere.address}`, brief(other))

  // The expiry job: Medusa schedules what the installed package's jobs/ folder exports, and logs
  // "No job to load from <folder>" for a folder without any, "Scheduled job <name> failed" for a
  // run that threw. Its work needs a day to pass (2.4).
  const job = installedPluginModule(context, "jobs/expire-unsent-attachments.js")
  const logs = demoLogs(context)
  const jobsFolderSkipped = /No job to load from [^"]*medusa-plugin-launchdesk/.test(logs)
  const jobFailed = logs.includes(`Scheduled job ${EXPIRY_JOB} failed`)
  line(
    job?.config?.name === EXPIRY_JOB && typeof job.default === "function" && Boolean(job.config.schedule) && !jobsFolderSkipped && !jobFailed,
    "2.3",
    "unsent uploads have an expiry job, loaded by Medusa",
    "the installed plugin's jobs/expire-unsent-attachments.js, and the demo's Medusa log about jobs",
    `${job ? `job "${job.config?.name}" on "${job.config?.schedule}"` : "no such job in the installed plugin"}; the log ${jobsFolderSkipped ? "SKIPPED the plugin's jobs folder" : "skips no folder of the plugin"}, ${jobFailed ? "a run FAILED" : "no failed run"}`
  )
  spec(
    "2.4",
    "an unsent upload is deleted, file and row, once attachments.unsentExpiryHours (24) have passed",
    "needs a day to pass",
    `integration-tests/http/visitor-chat/attachment-storage.spec.ts ("deletes unsent uploads once they expire")`
  )
}

async function dailyUploadCap(context) {
  if (configures(context, "attachments")) {
    return skip("2.1", "upload bytes per address per day", "the demo sets its own attachments options; this script knows the defaults only")
  }
  if (secondsToUtcMidnight() < 300) return skip("2.1", "upload bytes per address per day", "less than 5 minutes to UTC midnight, when the budget starts again")

  // Not trusted (the plugin's default), X-Forwarded-For names nobody: a new one on every request
  // is the attacker's try. Trusted, the client is who it names: one for the whole check.
  const trusted = configures(context, "clientIp")
  const address = freshAddress()
  const named = `198.18.${runOctets[0]}.${runOctets[1]}`
  let forged = 0
  const forwardedFor = trusted ? () => named : () => `203.0.113.${(forged++ % 254) + 1}`
  const newSession = async () => {
    const shopper = new Shopper(context, address)
    shopper.forwardedFor = forwardedFor
    const started = await shopper.session()
    if (started.status !== 200) throw new Error(`POST /store/app/v1/session: ${brief(started)}`)
    return shopper
  }

  const big = png(MAX_FILE_BYTES)
  let accepted = 0
  let fillSessions = 0
  let minuteWaits = 0
  /** An upload; the per-minute upload limit (10 a minute) is waited out, the daily one is the answer. */
  const upload = async (shopper, bytes) => {
    for (;;) {
      const answer = await shopper.upload(bytes, "scan.png")
      const daily = /today/i.test(answer.json?.message ?? "")
      if (answer.status !== 429 || daily || minuteWaits >= 3) return answer
      minuteWaits += 1
      await sleep((Number(answer.headers["retry-after"]) || 60) * 1000 + 500)
    }
  }

  let refused = null
  // Sessions of five 10 MiB files (a conversation holds 50 MiB), then one small file from a new one.
  while (accepted < DAILY_UPLOAD_BYTES && !refused) {
    const shopper = await newSession()
    fillSessions += 1
    for (let file = 0; file < FILES_PER_CONVERSATION && accepted < DAILY_UPLOAD_BYTES; file++) {
      const answer = await upload(shopper, big)
      if (answer.status === 200) accepted += big.length
      else {
        refused = answer
        break
      }
    }
  }
  if (!refused) refused = await upload(await newSession(), png(1024))
  const retryAfter = Number(refused.headers["retry-after"])
  const toMidnight = secondsToUtcMidnight()
  const mib = (bytes) => `${Math.round(bytes / 1024 / 1024)} MiB`
  line(
    refused.status === 429 && /today/i.test(refused.json?.message ?? "") && accepted <= DAILY_UPLOAD_BYTES && Math.abs(retryAfter - toMidnight) < 30,
    "2.1",
    "upload bytes per address per day hold across new sessions",
    `10 MiB PNGs from ${address} in fresh sessions (${trusted ? `X-Forwarded-For ${named} each time` : "a new X-Forwarded-For on every request, which the demo does not trust"}) up to the 100 MiB default, then 1 KB from a new session`,
    `${mib(accepted)} taken in ${fillSessions} sessions, then ${brief(refused)} Retry-After ${retryAfter} s (to UTC midnight ${Math.round(toMidnight)} s)${minuteWaits ? `; waited out the per-minute upload limit ${minuteWaits}×` : ""}`
  )
}

function secondsToUtcMidnight() {
  const now = new Date()
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000
}

/** 3. /email and /transcript are no mail relay. */
async function mailRelay(context) {
  const { admin } = context
  for (const lane of visitorLanes()) {
    // One conversation, its address changed from a new client address each time.
    const shopper = new Shopper(context)
    await shopper.session({}, lane)
    const statuses = []
    let last
    for (let save = 1; save <= EMAIL_SAVES_PER_CONVERSATION + 1; save++) {
      last = await shopper.at().saveEmail(`me${save}-${RUN}@example.com`, lane)
      statuses.push(last.status)
    }
    line(
      statuses.join() === "200,200,200,429" && Number(last.headers["retry-after"]) > 0,
      lane === "store" ? "3.1" : "3.1f",
      `/email saves of one conversation are limited (${laneName(lane)})`,
      `4 POST /store/app/v1/email within the hour, one cookie, each from another address`,
      `${statuses.join(", ")} (Retry-After ${last.headers["retry-after"]} s)`
    )
  }

  for (const lane of visitorLanes()) {
    // One client address saving for many conversations (each under its own limit of 3).
    const attacker = freshAddress()
    const statuses = []
    let last
    let conversation = null
    for (let save = 1; save <= EMAIL_SAVES_PER_ADDRESS + 1; save++) {
      if ((save - 1) % EMAIL_SAVES_PER_CONVERSATION === 0) {
        conversation = new Shopper(context)
        await conversation.session({}, lane)
      }
      last = await conversation.at(attacker).saveEmail(`victim${save}-${RUN}@example.com`, lane)
      statuses.push(last.status)
    }
    const fromElsewhere = await conversation.at().saveEmail(`victim-again-${RUN}@example.com`, lane)
    const allowed = statuses.slice(0, EMAIL_SAVES_PER_ADDRESS).every((status) => status === 200)
    line(
      allowed && last.status === 429 && Number(last.headers["retry-after"]) > 0 && fromElsewhere.status === 200,
      lane === "store" ? "3.2" : "3.2f",
      `/email saves of one client address are limited (${laneName(lane)})`,
      `${EMAIL_SAVES_PER_ADDRESS + 1} POST /store/app/v1/email from ${attacker} for ${Math.ceil((EMAIL_SAVES_PER_ADDRESS + 1) / EMAIL_SAVES_PER_CONVERSATION)} conversations (at most ${EMAIL_SAVES_PER_CONVERSATION} each), then the last conversation's from another address`,
      `${statuses.filter((status) => status === 200).length}× 200, then ${brief(last)} Retry-After ${last.headers["retry-after"]} s; the same conversation from elsewhere ${fromElsewhere.status}`
    )
  }

  // The attacker's chat on each lane: a stranger's address, closed by staff (the store lane's
  // also holds a phishing line, for the transcript below). Three saves each, under the limit.
  const victim = `stranger-${RUN}@example.com`
  const closedChats = {}
  for (const lane of visitorLanes()) {
    const chat = new Shopper(context)
    await chat.session({}, lane)
    await chat.call("POST", "/store/app/v1/send", { message: PHISHING }, lane)
    const left = await chat.saveEmail(victim, lane)
    const closed = await admin.close(chat.conversationId)
    if (left.status !== 200 || closed.status !== 200) throw new Error(`setting up a closed chat: email ${brief(left)}, close ${brief(closed)}`)
    const changed = await chat.saveEmail(`other-${RUN}@example.com`, lane)
    const same = await chat.saveEmail(victim, lane)
    closedChats[lane] = chat
    line(
      changed.status === 409 && same.status === 200,
      lane === "store" ? "3.3" : "3.3f",
      `a closed chat's address cannot change (${laneName(lane)})`,
      "POST /store/app/v1/email with another address after staff closed the chat, then with the same one",
      `another ${brief(changed)}; the same ${same.status}`
    )
  }
  const attacker = closedChats.store

  const asked = await attacker.call("POST", "/store/app/v1/transcript", {})
  line(
    asked.status === 200 && asked.json?.confirmation_sent === true,
    "3.4",
    "a transcript for an unconfirmed address is only a confirmation",
    `POST /store/app/v1/transcript for the closed chat (a phishing line, the address ${victim} nobody confirmed)`,
    brief(asked)
  )

  const confirmation = await admin.emailOf(victim, CONFIRM_TEMPLATE)
  const confirmUrl = confirmation?.data?.confirm_url ? new URL(confirmation.data.confirm_url) : null
  const linkPath = confirmUrl ? `${confirmUrl.pathname}${confirmUrl.search}` : null
  // A mail scanner opens the link; the transcript must still wait for the button.
  const opened = linkPath ? await request("GET", linkPath, { from: freshAddress() }) : null
  // An altered token, POSTed: nothing this store did not sign confirms anything.
  const token = confirmUrl?.searchParams.get("token") ?? ""
  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`
  const forged = confirmUrl
    ? await request("POST", `${confirmUrl.pathname}?token=${encodeURIComponent(altered)}`, { from: freshAddress(), headers: FORM_HEADERS, body: "" })
    : null
  // Two runs of the relay job (every 5 s) after the confirmation went out.
  await sleep(12_000)
  const sent = await admin.notificationsTo(victim)
  const templates = sent.map((n) => n.template)
  const wordsFound = PHISHING_TRACES.test(JSON.stringify(sent))
  line(
    Boolean(confirmation) && !templates.includes(TRANSCRIPT_TEMPLATE) && !wordsFound,
    "3.5",
    "the stranger's mail holds the store's confirmation only, none of the shopper's words",
    `GET /admin/notifications?to=${victim} (as the demo admin), 12 s after the confirmation`,
    `[${templates.join(", ") || "nothing"}]; the shopper's words ${wordsFound ? "FOUND" : "absent"}`
  )
  const hasForm = (page) => /<form method="post"/i.test(page?.text ?? "")
  line(
    opened?.status === 200 && hasForm(opened) && !/<script/i.test(opened.text) && !templates.includes(TRANSCRIPT_TEMPLATE),
    "3.6",
    "opening the confirmation link (GET) confirms nothing",
    "GET of the email's confirm_url, without a publishable key, then the notifications again",
    opened ? `${opened.status} ${hasForm(opened) ? "a page with a POST button, no script" : "no form"}; no transcript sent` : "no confirm_url in the email"
  )
  line(
    forged?.status === 400 && !templates.includes(TRANSCRIPT_TEMPLATE),
    "3.7",
    "a confirmation token the store did not sign confirms nothing",
    "POST of the confirm link with the signature's last characters changed",
    forged ? `${forged.status}; no transcript sent` : "no confirm_url in the email"
  )

  // Its owner presses the button: the transcript goes out, the shopper's words marked and inert.
  const pressed = linkPath ? await request("POST", linkPath, { from: freshAddress(), headers: FORM_HEADERS, body: `token=${encodeURIComponent(token)}` }) : null
  const transcript = await admin.emailOf(victim, TRANSCRIPT_TEMPLATE)
  const lines = transcript?.data?.messages ?? []
  const shopperLine = lines.find((message) => message.message.includes("evil"))
  const marked = lines.length > 0 && lines.every((message) => message.from === "shopper" || message.from === "store")
  line(
    pressed?.status === 200 && shopperLine?.from === "shopper" && !/https?:\/\/evil\.example/.test(JSON.stringify(transcript?.data)) && marked && !("subject" in (transcript?.data ?? {})),
    "3.8",
    "once confirmed, the transcript marks the shopper's words as theirs, links made inert",
    "POST of the confirm link (the page's button), then the transcript email's data",
    transcript
      ? `${pressed.status}; ${lines.length} lines marked ${[...new Set(lines.map((message) => message.from))].join("/")}; the shopper's line from "${shopperLine?.from}": "${shopperLine?.message}"; subject ${"subject" in transcript.data ? "SET" : "none"}`
      : `${pressed ? pressed.status : "no link"}; no transcript within 40 s`
  )

  // A signed-in customer's chat: the transcript goes to the account's email, whatever /email holds.
  const customer = await newCustomer(context, { label: "account" })
  const signedIn = new Shopper(context)
  signedIn.bearer = customer.token
  await signedIn.session()
  await signedIn.send("Please send me this chat")
  const elsewhereAddress = `elsewhere-${RUN}@example.com`
  await signedIn.saveEmail(elsewhereAddress)
  await admin.close(signedIn.conversationId)
  const requested = await signedIn.call("POST", "/store/app/v1/transcript", {})
  const toAccount = await admin.emailOf(customer.email, TRANSCRIPT_TEMPLATE)
  const toElsewhere = await admin.notificationsTo(elsewhereAddress)
  line(
    requested.status === 200 && requested.json?.confirmation_sent === false && Boolean(toAccount) && toElsewhere.length === 0,
    "3.9",
    "a signed-in customer's transcript goes to the account's email",
    `a customer's chat with /email ${elsewhereAddress}, closed, then POST /store/app/v1/transcript`,
    `${brief(requested)}; the transcript ${toAccount ? "sent to the account's email" : "NOT sent to the account's email"}; ${toElsewhere.length} emails to the /email address`
  )
}

/** 4. The model API key goes only to a host the store owner chose. */
async function modelBaseUrl(context) {
  const { admin } = context
  const before = (await admin.call("GET", "/admin/app/v1/settings")).json?.model?.base_url ?? null
  const foreign = "https://collector.attacker.example/v1"
  const saved = await admin.call("POST", "/admin/app/v1/settings", { model: { base_url: foreign } })
  const after = (await admin.call("GET", "/admin/app/v1/settings")).json?.model?.base_url ?? null
  if (saved.status === 200) await admin.call("POST", "/admin/app/v1/settings", { model: { base_url: before } })
  line(
    saved.status === 400 && after === before,
    "4.1",
    "the admin cannot point the model at a foreign host",
    `POST /admin/app/v1/settings {model: {base_url: "${foreign}"}}`,
    `${brief(saved)}; stored base URL ${JSON.stringify(after)}`
  )
  spec(
    "4.2",
    "a base URL stored outside the allowed hosts is never called with the key",
    "needs a model endpoint and a key; the demo has neither, and the store's settings cannot store one (4.1)",
    `integration-tests/http/auto-reply/auto-reply.spec.ts ("refuses to save a base URL on another host…", "with autoReply.baseUrl in the options…"), src/chat/auto-reply/__tests__/classifier.unit.spec.ts`
  )
}

/** 5 and 6. Agent alert floods and the model budget: nothing the demo sets up can reach them. */
function alertsAndModelBudget(context) {
  if (!configures(context, "waitingAlert")) {
    spec(
      "5",
      "a flood of waiting chats sends a recipient at most one alert per window, 6 an hour, batched",
      "the demo sets no waitingAlert, so no alert email is ever due; the batching needs an hour of windows",
      `integration-tests/http/admin-inbox/waiting-alert.spec.ts ("a flood of waits sends one digest per batching window…", "caps a recipient's emails per window…")`
    )
  } else {
    skip("5", "agent alert flood", "the store sets waitingAlert: this script does not wait out its windows; see waiting-alert.spec.ts")
  }
  spec(
    "6",
    "one client address gets only its share of the store's daily model calls",
    context.chatSettings?.model?.api_key_set ? "not spent here: every call costs the store's model budget" : "the demo has no model (no API key), so no auto-reply calls one",
    `integration-tests/http/auto-reply/auto-reply.spec.ts ("gives one client address its share of the day's calls…")`
  )
}

/** 7. A guest's chat is never handed silently to the next shopper who signs in. */
async function linkOffer(context) {
  const customer = await newCustomer(context, { label: "shared-computer" })
  for (const lane of visitorLanes()) {
    const guest = new Shopper(context)
    await guest.session({}, lane)
    await guest.call("POST", "/store/app/v1/send", { message: "Hello from a shared computer" }, lane)
    // The same browser, now signed in.
    const signedIn = guest.at(guest.address)
    signedIn.bearer = customer.token
    const offered = await signedIn.call("POST", "/store/app/v1/session", {}, lane)
    const guestPoll = await guest.call("GET", "/store/app/v1/poll?since_id=0", undefined, lane)
    const stored = await context.admin.call("GET", `/admin/app/v1/conversation/${guest.conversationId}`)
    line(
      offered.status === 200 && offered.json?.link_offer?.conversation_id === guest.conversationId && guestPoll.status === 200 && stored.json?.customer_id === null,
      lane === "store" ? "7.1" : "7.1f",
      `a guest chat is offered, not linked, when a customer signs in on that browser (${laneName(lane)})`,
      "a guest chat with a message, then POST /store/app/v1/session with its cookie and a customer's bearer token",
      `${offered.status} link_offer ${JSON.stringify(offered.json?.link_offer ?? null)}; the guest's cookie alone still polls (${guestPoll.status}); the admin sees customer_id ${JSON.stringify(stored.json?.customer_id)}`
    )
  }
  const guest = new Shopper(context)
  await guest.session()
  await guest.send("Another guest's words")
  const unsigned = await guest.call("POST", "/store/app/v1/session/link", { conversation_id: guest.conversationId })
  line(
    unsigned.status === 401,
    "7.2",
    "linking a chat needs a customer's sign-in",
    "POST /store/app/v1/session/link with a guest's cookie and no sign-in",
    brief(unsigned)
  )
}

/**
 * The run's own product, launched with a 10% code each and emails to four signups: the same
 * person twice (Gmail ignores dots and +tags), someone else, and one to erase. Findings 8, 9, 10
 * and 13 read what it sent.
 */
async function launchRunProduct(context) {
  const { admin } = context
  const throwaway = await makeComingSoon(context)
  const addresses = {
    kept: `fan-${RUN}@example.com`,
    person: `ada.fan.${RUN}+launch@gmail.com`,
    samePerson: `adafan.${RUN}@gmail.com`,
    erased: `gone-${RUN}@example.com`,
  }
  for (const email of Object.values(addresses)) {
    const signed = await signUp(context, throwaway.id, email)
    if (signed.status !== 200) throw new Error(`signing ${email} up to the run's product: ${brief(signed)}`)
  }
  const launched = await admin.call("POST", `/admin/coming-soon/products/${throwaway.id}/launch`, {
    notify: true,
    promotion: { type: "percentage", value: 10, expires_in_days: 1 },
  })
  if (launched.status !== 200) throw new Error(`launching the run's product: ${brief(launched)}`)
  const emails = {}
  for (const [role, email] of Object.entries(addresses)) emails[role] = await admin.emailOf(email, LAUNCH_TEMPLATE, 60)
  const missing = Object.keys(addresses).filter((role) => !emails[role])
  if (missing.length) throw new Error(`no launch email within 60 s for ${missing.map((role) => addresses[role]).join(", ")}`)
  const rowOf = async (email) => (await signupsOf(context, throwaway.id)).find((row) => row.email === email)
  return { addresses, emails, rowOf }
}

/** 8. Links in emails act only when pressed. */
async function linksActWhenPressed(context, launch) {
  const { addresses, emails, rowOf } = launch
  const unsubscribeUrl = new URL(emails.kept.data.unsubscribe_url)
  const linkPath = `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`
  const page = await request("GET", linkPath, { from: freshAddress() }) // a mail scanner: no publishable key, a GET
  const afterGet = (await rowOf(addresses.kept))?.unsubscribed_at
  const oneClick = await request("POST", linkPath, { from: freshAddress(), headers: FORM_HEADERS, body: "List-Unsubscribe=One-Click" })
  const afterPost = (await rowOf(addresses.kept))?.unsubscribed_at
  line(
    page.status === 200 && /<form method="post"/i.test(page.text) && !/<script/i.test(page.text) && afterGet === null && oneClick.status === 200 && Boolean(afterPost),
    "8.1",
    "opening an unsubscribe link (GET) changes nothing; its POST unsubscribes",
    "GET of the launch email's unsubscribe_url without a publishable key, the signup in the admin, then a mail client's one-click POST",
    `GET ${page.status} a page with a POST button and no script, unsubscribed_at ${JSON.stringify(afterGet)}; POST ${oneClick.status}, unsubscribed_at ${afterPost ? "set" : "still null"}`
  )
  const headers = emails.kept.provider_data?.headers ?? {}
  line(
    headers["List-Unsubscribe"] === `<${emails.kept.data.unsubscribe_url}>` && headers["List-Unsubscribe-Post"] === "List-Unsubscribe=One-Click",
    "8.2",
    "launch emails carry List-Unsubscribe headers",
    "the launch email's provider_data.headers (GET /admin/notifications?fields=+provider_data)",
    JSON.stringify(headers)
  )
  if (configures(context, "doubleOptIn")) {
    skip("8.3", "a double opt-in confirm link acts only when pressed", "the store sets doubleOptIn: this script does not follow confirmation emails; see coming-soon-double-opt-in.spec.ts")
  } else {
    spec(
      "8.3",
      "a double opt-in confirm link acts only when pressed, its email carries List-Unsubscribe",
      "the demo has no doubleOptIn, so no signup gets a confirm link (the transcript's confirm link is 3.6)",
      `integration-tests/http/coming-soon/coming-soon-double-opt-in.spec.ts ("emails a confirmation link at signup…")`
    )
  }
}

/** 9. Erasing a signup leaves nothing of it behind, and never claims a forget that did not happen. */
async function erasure(context, launch) {
  const { admin } = context
  const { addresses, emails, rowOf } = launch
  const row = await rowOf(addresses.erased)
  const code = emails.erased.data.promotion_code
  const before = (await admin.notificationsTo(addresses.erased)).length
  const keySet = (await admin.call("GET", "/admin/coming-soon/settings")).json?.mailer_api_key_set
  const erased = await admin.call("DELETE", `/admin/coming-soon/signups/${row.id}`)
  const after = (await admin.notificationsTo(addresses.erased)).length
  const promotions = (await admin.call("GET", `/admin/promotions?code=${encodeURIComponent(code)}`)).json?.promotions ?? []
  const codeLeft = promotions.find((promotion) => promotion.code === code)
  // Honest: a row that never had a subscriber id was never on the list; one that had, without a key, was not forgotten.
  const honest = row.mailer_id === null ? "not_subscribed" : keySet ? null : "not_forgotten"
  const mailingList = erased.json?.mailing_list
  line(
    erased.status === 200 && before >= 1 && after === 0 && erased.json?.notifications_erased >= 1 && (honest ? mailingList === honest : Boolean(mailingList)),
    "9.1",
    "erasing a signup removes its emails' Notification records and reports the mailing list honestly",
    `DELETE /admin/coming-soon/signups/:id of a launched row (mailer_id ${JSON.stringify(row.mailer_id)}, MailerLite key ${keySet ? "set" : "not set"})`,
    `${brief(erased)}; notifications to the address ${before} before, ${after} after`
  )
  line(
    erased.json?.promotion === "deleted" && (!codeLeft || codeLeft.status !== "active"),
    "9.2",
    "erasing a signup removes its unused launch code",
    `the same erasure, then GET /admin/promotions?code=${code}`,
    `promotion "${erased.json?.promotion}"; the code ${codeLeft ? `still there, ${codeLeft.status}` : "gone"}`
  )
  spec(
    "9.3",
    "MailerLite forgets the subscriber (or the answer says not_forgotten with the reason)",
    "needs a MailerLite account; the demo has no key",
    `integration-tests/http/coming-soon/coming-soon-launch.spec.ts ("erases a row with its emails' Notification records…", MailerLite a real HTTP server on 127.0.0.1)`
  )
}

/** 10. One launch code per person. */
function oneCodePerPerson(launch) {
  const { addresses, emails } = launch
  const codes = Object.fromEntries(Object.entries(emails).map(([role, email]) => [role, email.data.promotion_code]))
  line(
    Boolean(codes.person) && codes.person === codes.samePerson && codes.person !== codes.kept && codes.kept !== codes.erased,
    "10",
    "one launch code per person",
    `a launch with codes, signups ${addresses.person} and ${addresses.samePerson} (one Gmail address) and two others`,
    `the same person: ${codes.person} and ${codes.samePerson}; the others: ${codes.kept}, ${codes.erased}`
  )
}

/** 13. Tokens are signed with the plugin's own key, never a secret an attacker could know. */
async function ownSigningKey(context, launch) {
  // The plugin's own signing code, as installed in the demo host, keyed with each guessable secret.
  const signupTokens = installedPluginModule(context, "coming-soon/signup-token.js")
  const linkTokens = installedPluginModule(context, "coming-soon/signup-link-token.js")
  if (!signupTokens || !linkTokens) {
    return skip("13", "tokens are not signed with a guessable secret", "the installed plugin's signing code is not on this machine (not the demo)")
  }
  const keyOf = (secret) => signupTokens.signupTokenKey(secret)

  // The demo's own coming-soon product: a forged token is refused before anything is stored.
  const product = context.comingSoonProduct
  const refusals = []
  for (const secret of GUESSABLE_SECRETS) {
    const answer = await new Shopper(context).call("POST", "/store/coming-soon/signup", {
      signup_token: signupTokens.issueSignupToken(keyOf(secret), product.id),
      product_id: product.id,
      email: `forger-${RUN}@example.com`,
      name: "",
    })
    refusals.push(`${secret} ${answer.status}`)
  }
  line(
    refusals.every((refusal) => refusal.endsWith(" 403")),
    "13.1",
    "a signup token signed with Medusa's cookie or JWT secret is refused",
    `POST /store/coming-soon/signup for ${product.handle} with tokens made by the plugin's signing code keyed with ${GUESSABLE_SECRETS.join(", ")}`,
    refusals.join(", ")
  )

  if (!launch) return skip("13.2", "unsubscribe links are not signed with a guessable secret", "the launch of the run's product failed (above)")
  const { addresses, emails, rowOf } = launch
  const emailed = new URL(emails.kept.data.unsubscribe_url).searchParams.get("token")
  const kept = await rowOf(addresses.kept)
  const matching = GUESSABLE_SECRETS.filter((secret) => linkTokens.issueSignupLinkToken(keyOf(secret), "unsubscribe", kept.id) === emailed)
  const victim = await rowOf(addresses.person)
  const forged = linkTokens.issueSignupLinkToken(keyOf(GUESSABLE_SECRETS[1]), "unsubscribe", victim.id)
  const tried = await request("POST", `/store/coming-soon/unsubscribe?token=${encodeURIComponent(forged)}`, {
    from: freshAddress(),
    headers: FORM_HEADERS,
    body: "List-Unsubscribe=One-Click",
  })
  const stillSubscribed = (await rowOf(addresses.person))?.unsubscribed_at === null
  line(
    matching.length === 0 && tried.status === 400 && stillSubscribed,
    "13.2",
    "unsubscribe links are not signed with Medusa's cookie or JWT secret",
    `the emailed token against ones made with ${GUESSABLE_SECRETS.join(", ")}; then a one-click POST with a forged token for another signup`,
    `the emailed token matches ${matching.length ? matching.join(", ") : "none"}; the forged POST ${tried.status}, the other signup ${stillSubscribed ? "still subscribed" : "UNSUBSCRIBED"}`
  )
}

/** 11 and 12. The bridge secret is long and cannot be guessed online; secrets are never shown or logged. */
async function bridgeSecret(context) {
  const { admin } = context
  const settingsBefore = (await admin.call("GET", "/admin/app/v1/settings")).json
  const alreadySet = Boolean(settingsBefore?.bridge?.shared_secret_set)

  const short = "short-secret-" + RUN // under 32 characters
  const refused = await admin.call("POST", "/admin/app/v1/settings", { bridge: { shared_secret: short } })
  line(
    refused.status === 400 && refused.json?.type === "invalid_data",
    "11.1",
    "a bridge secret under 32 characters is refused",
    `POST /admin/app/v1/settings {bridge: {shared_secret: "${short}"}} (${short.length} characters)`,
    brief(refused)
  )

  // A secret of the run's own, unless the store already has one (write-only: it could not be put back).
  const secret = alreadySet ? null : `integrity-${RUN}-${crypto.randomBytes(24).toString("hex")}`
  if (secret) {
    const saved = await admin.call("POST", "/admin/app/v1/settings", { bridge: { shared_secret: secret } })
    if (saved.status !== 200) throw new Error(`saving a bridge secret: ${brief(saved)}`)
    context.cleanups.push(() => admin.call("POST", "/admin/app/v1/settings", { bridge: { shared_secret: null } }))
  }

  const address = freshAddress()
  const hook = (from, given) =>
    request("POST", "/hooks/app/v1/bridge/incoming", {
      from,
      headers: { "content-type": "application/json", "x-app-secret": given },
      body: JSON.stringify({ thread_id: `integrity-${RUN}`, author_name: "Mallory", message: "hello" }),
    })
  const statuses = []
  let answer
  for (let attempt = 1; attempt <= BRIDGE_AUTH_FAILURES + 5; attempt++) {
    answer = await hook(address, `wrong-secret-${attempt}-${RUN}-${"x".repeat(20)}`)
    statuses.push(answer.status)
    if (answer.status !== 401) break
  }
  const failures = statuses.filter((status) => status === 401).length
  const right = secret ? await hook(address, secret) : null
  const other = await hook(freshAddress(), secret ?? `wrong-secret-${RUN}-${"x".repeat(20)}`)
  line(
    failures === BRIDGE_AUTH_FAILURES && answer.status === 429 && Number(answer.headers["retry-after"]) > 0 && (!right || right.status === 429),
    "11.2",
    "wrong bridge secrets are throttled per address, then even the right one is held",
    `POST /hooks/app/v1/bridge/incoming with wrong X-APP-Secret values from ${address} until refused otherwise${secret ? ", then the right one" : ""}`,
    `${failures}× 401, then ${brief(answer)} Retry-After ${answer.headers["retry-after"]} s${right ? `; the right secret ${right.status}` : ""}`
  )
  line(
    secret ? other.status === 404 : other.status === 401,
    "11.3",
    "another address is not held",
    `the ${secret ? "right" : "wrong"} secret from another address (a thread no conversation has)`,
    `${brief(other)}${secret ? " (authenticated: the thread is unknown)" : ""}`
  )

  // 12. The secrets saved here never come back in an answer or a log line.
  const settingsAfter = await admin.call("GET", "/admin/app/v1/settings")
  const logs = demoLogs(context)
  const shown = secret && settingsAfter.text.includes(secret)
  const logged = secret && logs.includes(secret)
  const shortLogged = logs.includes(short)
  line(
    !shown && !logged && !shortLogged && (!secret || settingsAfter.json?.bridge?.shared_secret_set === true),
    "12.1",
    "secrets are never shown or logged",
    `GET /admin/app/v1/settings after the saves, and the demo's logs (${path.relative(ROOT, context.logDir)}) searched for both secrets`,
    `settings: shared_secret_set ${settingsAfter.json?.bridge?.shared_secret_set}, the value ${shown ? "SHOWN" : "absent"}; logs (${Math.round(logs.length / 1024)} KB): the saved secret ${logged ? "FOUND" : secret ? "absent" : "not saved"}, the refused one ${shortLogged ? "FOUND" : "absent"}`
  )
  spec(
    "12.2",
    "a settings save the database refuses leaks no secret in the log or the answer",
    "needs the database to refuse a statement (a trigger)",
    `integration-tests/http/settings/chat-settings.spec.ts ("never shows a secret from a save that fails in the database…")`
  )
}

/** 14. A customer's data is never read as a template. */
async function bracesInFirstName(context) {
  const { admin } = context
  const firstName = "{{store.name}}"
  const customer = await newCustomer(context, { firstName, label: "braces" })
  const shopper = new Shopper(context)
  shopper.bearer = customer.token
  await shopper.session()
  await shopper.send("Hello")
  const canned = await admin.call("POST", "/admin/app/v1/canned", { question: `Greeting ${RUN}`, response: "Hi {{customer.first_name}}, welcome to {{store.name}}!" })
  if (canned.status !== 200) throw new Error(`POST /admin/app/v1/canned: ${brief(canned)}`)
  const cannedId = canned.json.id
  context.cleanups.push(() => admin.call("DELETE", `/admin/app/v1/canned/${cannedId}`))
  const rendered = await admin.call("POST", `/admin/app/v1/canned/${cannedId}/render`, { conversation_id: shopper.conversationId })
  const expected = `Hi ${firstName}, welcome to ${context.store?.name}!`
  const sent = await admin.call("POST", "/admin/app/v1/reply", { conversation_id: shopper.conversationId, message: rendered.json?.text ?? "" })
  const seen = (await shopper.call("GET", "/store/app/v1/poll?since_id=0")).json?.messages?.find((message) => message.message_id === sent.json?.message_id)
  const unfilled = await admin.call("POST", "/admin/app/v1/reply", { conversation_id: shopper.conversationId, message: `Hi ${firstName}, your order {{order.display_id}}` })
  line(
    rendered.json?.text === expected && sent.status === 200 && seen?.message === expected && unfilled.status === 400,
    "14",
    "a first name of {{store.name}} is inserted as written, never filled in",
    `a customer named "${firstName}" chats; the admin renders "Hi {{customer.first_name}}, welcome to {{store.name}}!" and sends it, then a reply with {{order.display_id}} left in`,
    `rendered "${rendered.json?.text}"; sent ${sent.status}, the shopper reads "${seen?.message}"; the unfilled reply ${brief(unfilled)}`
  )
}

/** 15. Atomic message and side effects. */
function atomicEffects() {
  spec(
    "15",
    "a message, its conversation's update and its outbox effects are one statement; a refused one keeps nothing (503)",
    "needs the database to refuse a statement (a trigger)",
    "integration-tests/http/visitor-chat/atomic-effects.spec.ts"
  )
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      store: { type: "string" },
      "fast-lane": { type: "string" },
      data: { type: "string", default: ".data" },
      help: { type: "boolean" },
    },
    allowPositionals: true,
  })
  if (values.help) return console.log(USAGE)
  targets.store = targetOf("--store", values.store ?? positionals[0] ?? "http://127.0.0.1:9000")
  const fastLane = values["fast-lane"] ?? "http://127.0.0.1:9001"
  if (fastLane !== "none") {
    targets.fastLane = targetOf("--fast-lane", fastLane)
    const health = await request("GET", "/health", { lane: "fastLane", from: "127.0.0.1" }).catch(() => null)
    if (health?.status !== 200) {
      console.log(`(no fast lane answers at ${fastLane}/health: its checks are left out)`)
      targets.fastLane = null
    }
  }
  const context = await learnDemo(values)
  console.log(
    `Checking ${targets.store.url}${targets.fastLane ? ` and its fast lane ${targets.fastLane.url}` : ""} (run ${RUN}, clients on 127.${runOctets.join(".")}.x; coming-soon product ${context.comingSoonProduct.handle}, region ${context.region.name})`
  )
  try {
    await check("0", "not for sale before launch", () => notForSale(context))
    await check("1", "chat files are private", () => chatFiles(context))
    await check("2", "attachment storage is bounded", () => uploadStorage(context))
    await check("3", "/email and /transcript are no mail relay", () => mailRelay(context))
    await check("4", "model base URL", () => modelBaseUrl(context))
    alertsAndModelBudget(context)
    await check("7", "guest chat and sign-in", () => linkOffer(context))
    let launch = null
    await check("8-10", "a launch of the run's product", async () => {
      launch = await launchRunProduct(context)
    })
    if (launch) {
      await check("8", "links in emails", () => linksActWhenPressed(context, launch))
      await check("9", "erasure", () => erasure(context, launch))
      oneCodePerPerson(launch)
    }
    await check("11-12", "bridge secret and secrets shown or logged", () => bridgeSecret(context))
    await check("13", "signing key", () => ownSigningKey(context, launch))
    await check("14", "braces in a customer's name", () => bracesInFirstName(context))
    atomicEffects()
  } finally {
    // The demo as the run found it: its chats closed; its own product, signups, customers, canned response and secret gone.
    for (const id of context.conversations) await context.admin.close(id).catch(() => {})
    for (const cleanup of context.cleanups) await Promise.resolve(cleanup()).catch((error) => console.log(`(cleanup: ${error.message})`))
  }
  console.log(`\n${tally.PASS} PASS, ${tally.FAIL} FAIL, ${tally.SPEC} SPEC (covered by the spec suite only), ${tally.SKIP} SKIP`)
  process.exitCode = tally.FAIL > 0 ? 1 : 0
}

main().catch((error) => {
  console.error(`check-demo-integrity: ${error.message}`)
  process.exitCode = 1
})
