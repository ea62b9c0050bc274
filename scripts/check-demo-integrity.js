#!/usr/bin/env node
// `node scripts/check-demo-integrity.js [base URL]` while `npm run demo` runs: re-runs the checks
// behind docs/security.md against the demo from outside, over HTTP only, as an attacker (and the
// demo's own admin) would. One line per check: ok, FAIL or skip, what it tried and what it got.
// Exits 1 on any FAIL.
//
// What it needs it learns from what the demo wrote: the seed's result (.data/demo-seed.json:
// publishable key, admin login, coming-soon handles) and the host's medusa-config.js (which
// options the demo sets). Each client it plays connects from a loopback address of its own
// (127.A.B.n, A and B new on every run): the per-address limits then count each client apart,
// and a run the same day starts with fresh daily budgets.
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")
const crypto = require("node:crypto")

const ROOT = path.resolve(__dirname, "..")
const SEED_RESULT = path.join(ROOT, ".data", "demo-seed.json")
const HOST_CONFIG = path.join(ROOT, ".data", "demo-host", "medusa-config.js")
// What Medusa serves to anyone at /static.
const HOST_STATIC = path.join(ROOT, ".data", "demo-host", "static")
const DEFAULT_BASE_URL = "http://localhost:9000"

// The plugin's defaults (docs/configuration.md); the demo sets none of these options.
const MAX_FILE_BYTES = 10 * 1024 * 1024
const FILES_PER_CONVERSATION = 5 // of MAX_FILE_BYTES: the 50 MiB a conversation may hold
const DAILY_UPLOAD_BYTES = 100 * 1024 * 1024
const EMAIL_SAVES_PER_CONVERSATION = 3
const BRIDGE_AUTH_FAILURES = 10
const WAITING_BATCH_MINUTES = 5

const CONFIRM_TEMPLATE = "launchdesk.chat.email-confirm"
const TRANSCRIPT_TEMPLATE = "launchdesk.chat.transcript"
const LAUNCH_TEMPLATE = "launchdesk.coming-soon.launched"
const WAITING_TEMPLATES = /^launchdesk\.chat\.waiting/

// What the attacker of the transcript finding wrote: it must never reach a stranger as the store's.
const PHISHING = "Your account is locked, verify at https://evil.example/login now"
const PHISHING_TRACES = /evil|locked|verify at/i

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file the upload route takes for a PNG (it reads the type from the first bytes). */
const png = (size, tag = "integrity check") =>
  Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, tag)])

const RUN = crypto.randomBytes(3).toString("hex")
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Talking to the demo

/** The demo's host and port; only this machine's loopback is ever a target. */
function targetOf(baseUrl) {
  const url = new URL(baseUrl)
  const host = url.hostname === "localhost" ? "127.0.0.1" : url.hostname.replace(/^\[|\]$/g, "")
  if (!/^127\.\d+\.\d+\.\d+$/.test(host)) {
    throw new Error(`${baseUrl} is not on this machine's loopback (127.0.0.0/8): this script attacks only a local demo`)
  }
  return { host, port: Number(url.port || 80) }
}

const runOctets = [1 + crypto.randomInt(254), 1 + crypto.randomInt(254)]
let lastHost = 0
/** A loopback address no other client of this run uses. */
const freshAddress = () => `127.${runOctets[0]}.${runOctets[1]}.${++lastHost}`

let target
/**
 * One request from `from`. Plain node:http rather than fetch: fetch cannot choose the local
 * address, and every client here needs its own. Never throws on a status.
 */
function request(method, urlPath, { from, headers = {}, body } = {}) {
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

  async call(method, urlPath, body) {
    const response = await request(method, urlPath, {
      from: this.address,
      headers: this.headers(body === undefined ? {} : JSON_HEADERS),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const cookie = [response.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("app_visitor_hash="))
    if (cookie) this.visitorHash = cookie.split(";")[0].split("=")[1]
    return response
  }

  /** The same browser (cookie) from another address. */
  elsewhere() {
    const moved = new Shopper(this.context)
    moved.visitorHash = this.visitorHash
    return moved
  }

  async session(body = {}) {
    const response = await this.call("POST", "/store/app/v1/session", body)
    if (response.status === 200) this.conversationId = response.json.conversation_id
    return response
  }

  send(message) {
    return this.call("POST", "/store/app/v1/send", { message })
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

  /** The Notification module's records (newest first), as GET /admin/notifications lists them. */
  async notifications(filters) {
    const query = new URLSearchParams({ limit: "200", ...filters })
    const response = await this.call("GET", `/admin/notifications?${query}`)
    if (response.status !== 200) throw new Error(`GET /admin/notifications: ${brief(response)}`)
    return response.json.notifications
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

// ---------------------------------------------------------------------------------------------
// Reporting

const tally = { ok: 0, FAIL: 0, skip: 0 }
function report(verdict, id, what, tried, got) {
  tally[verdict] += 1
  const detail = verdict === "skip" ? got : `tried ${tried}; got ${got}`
  console.log(`${verdict.padEnd(4)} ${id.padEnd(4)} ${what}: ${detail}`)
}
const line = (passed, id, what, tried, got) => report(passed ? "ok" : "FAIL", id, what, tried, got)
const skip = (id, what, reason) => report("skip", id, what, null, reason)

/** Runs one numbered check; an error it did not expect is a FAIL of that check, not the end of the run. */
async function check(id, what, run) {
  try {
    await run()
  } catch (error) {
    report("FAIL", id, what, "the check", `an error: ${error.message.split("\n")[0]}`)
  }
}

// ---------------------------------------------------------------------------------------------
// What the demo is

async function learnDemo(baseUrl) {
  if (!fs.existsSync(SEED_RESULT)) throw new Error(`${path.relative(ROOT, SEED_RESULT)} is missing: start the demo first (npm run demo)`)
  const seed = JSON.parse(fs.readFileSync(SEED_RESULT, "utf8"))
  const hostConfig = fs.existsSync(HOST_CONFIG) ? fs.readFileSync(HOST_CONFIG, "utf8") : ""
  const health = await request("GET", "/health", { from: "127.0.0.1" }).catch((error) => ({ error }))
  if (health.error || health.status !== 200) {
    throw new Error(`the demo does not answer at ${baseUrl}/health (${health.error?.message ?? health.status}): start it with npm run demo`)
  }
  const admin = new Admin(freshAddress())
  await admin.signIn(seed.admin)
  const context = { seed, hostConfig, admin, publishableKey: seed.publishableKey, conversations: [], cleanups: [] }

  const browser = new Shopper(context)
  const regions = await browser.call("GET", "/store/regions")
  context.region = regions.json?.regions?.[0]
  if (!context.region) throw new Error(`GET /store/regions: ${brief(regions)}`)
  const handle = seed.comingSoonHandles?.[0]
  const products = await browser.call("GET", `/store/products?handle=${encodeURIComponent(handle)}&region_id=${context.region.id}`)
  context.comingSoonProduct = products.json?.products?.[0]
  if (!context.comingSoonProduct) throw new Error(`GET /store/products?handle=${handle}: ${brief(products)}`)
  const stores = await admin.call("GET", "/admin/stores")
  context.salesChannelId = stores.json?.stores?.[0]?.default_sales_channel_id
  const settings = await admin.call("GET", "/admin/app/v1/settings")
  context.chatSettings = settings.json
  return context
}

/** Whether the demo host's config sets an option (the demo writes its plugin options there). */
const configures = (context, option) => new RegExp(`"${option}"`).test(context.hostConfig)

/** A shopper whose conversations the run closes at its end (the demo's inbox is left tidy). */
function trackedShopper(context, address) {
  const shopper = new Shopper(context, address)
  const session = shopper.session.bind(shopper)
  shopper.session = async (body) => {
    const response = await session(body)
    if (response.status === 200) context.conversations.push(response.json.conversation_id)
    return response
  }
  return shopper
}

/**
 * A product of the run's own, on sale in the demo's sales channel: the checks that need a
 * product to change state (a line added before it turns coming soon, a launch with emails)
 * use it, so the demo's own products stay as the seed left them. Deleted at the end.
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

const comingSoonRefusal = (response) =>
  response.status === 400 && response.json?.type === "invalid_data" && /coming soon/i.test(response.json?.message ?? "")

// ---------------------------------------------------------------------------------------------
// The checks (docs/security.md)

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
    `POST /store/carts/:id/line-items with ${product.handle} (${variant.title})`,
    `${brief(added)}, cart holds ${items.length} lines`
  )

  const withItems = await shopper.call("POST", "/store/carts", {
    region_id: context.region.id,
    items: [{ variant_id: variant.id, quantity: 1 }],
  })
  line(
    comingSoonRefusal(withItems),
    "0.2",
    "a cart cannot be created holding it",
    `POST /store/carts with items [${product.handle}]`,
    brief(withItems)
  )

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
    "a line of 2 added before the run's own product turned coming soon (admin), then POST /store/carts/:id/line-items/:line {quantity: 3}, then {quantity: 1}",
    `raise ${brief(raised)}, line still ${quantity}; lower ${lowered.status}`
  )
}

/** 1. Chat files are not public and not guessable. */
async function attachmentsPrivate(context) {
  const owner = trackedShopper(context)
  await owner.session()
  const bytes = png(2048, `integrity check ${RUN}`)
  const uploaded = await owner.upload(bytes, "passport.png")
  if (uploaded.status !== 200) throw new Error(`POST /store/app/v1/attachments: ${brief(uploaded)}`)
  line(
    !uploaded.text.includes("/static"),
    "1.1",
    "the upload's answer names no public path",
    "POST /store/app/v1/attachments (a 2 KB PNG)",
    `${uploaded.status} ${uploaded.text}`
  )

  const guessPath = `/static/launchdesk-chat-${owner.conversationId}.png`
  const guessed = await request("GET", guessPath, { from: freshAddress() })
  line(guessed.status === 404, "1.2", "the old file name cannot be guessed", `GET ${guessPath} without credentials`, `${guessed.status}`)

  const downloadPath = `/store/app/v1/attachments/${uploaded.json.attachment_id}`
  const stranger = trackedShopper(context)
  await stranger.session()
  const strangers = await stranger.call("GET", downloadPath)
  const anonymous = await new Shopper(context).call("GET", downloadPath)
  const owners = await owner.call("GET", downloadPath)
  line(
    strangers.status === 404 && anonymous.status === 403 && owners.status === 200 && owners.bytes.equals(bytes),
    "1.3",
    "only its owner downloads it through the plugin's route",
    `GET ${downloadPath} as another visitor, without a cookie, and as the owner`,
    `another visitor ${strangers.status}, no cookie ${anonymous.status}, owner ${owners.status} (${owners.bytes.equals(bytes) ? "same bytes" : "other bytes"})`
  )

  // The one step an attacker could not take: the stored key, found on the demo's disk by its
  // bytes. Under static/ (Medusa's local provider without private_upload_dir) it is public to
  // whoever learns it; docs/security.md asks the store to keep it elsewhere.
  const stored = fs.existsSync(HOST_STATIC)
    ? fs.readdirSync(HOST_STATIC).find((name) => {
        const file = path.join(HOST_STATIC, name)
        return fs.statSync(file).size === bytes.length && fs.readFileSync(file).equals(bytes)
      })
    : undefined
  if (!stored) {
    return line(true, "1.4", "the stored file is not in the folder Medusa serves", `looking for the upload's bytes in ${path.relative(ROOT, HOST_STATIC)}`, "not there")
  }
  const served = await request("GET", `/static/${stored}`, { from: freshAddress() })
  line(
    served.status === 404,
    "1.4",
    "the stored file is not served at /static/<key>",
    `GET /static/${stored} without credentials (the key read from the demo's disk, which an attacker would not have)`,
    `${served.status}${served.status === 200 ? ` (${served.bytes.length} bytes: the demo host sets no private_upload_dir, so Medusa's local provider keeps chat files under static/)` : ""}`
  )
}

/** 2. Upload bytes per client address per day, across sessions. */
async function uploadDailyCap(context) {
  if (configures(context, "attachments")) {
    return skip("2", "upload bytes per address per day", "the demo sets its own attachments options; this script knows the defaults only")
  }
  const secondsLeft = (Date.UTC(...todayPlusOne()) - Date.now()) / 1000
  if (secondsLeft < 300) return skip("2", "upload bytes per address per day", "less than 5 minutes to UTC midnight, when the budget starts again")

  // Not trusted (the plugin's default), X-Forwarded-For names nobody: a new one on every request
  // is the attacker's try. Trusted, the client is who it names: one for the whole check.
  const trusted = configures(context, "clientIp")
  const address = freshAddress()
  const named = `198.18.${runOctets[0]}.${runOctets[1]}`
  let forged = 0
  const forwardedFor = trusted ? () => named : () => `203.0.113.${(forged++ % 254) + 1}`
  const newSession = async () => {
    const shopper = trackedShopper(context, address)
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
  if (!refused) {
    refused = await upload(await newSession(), png(1024))
  }
  const retryAfter = Number(refused.headers["retry-after"])
  const toMidnight = (Date.UTC(...todayPlusOne()) - Date.now()) / 1000
  const mib = (bytes) => `${Math.round(bytes / 1024 / 1024)} MiB`
  line(
    refused.status === 429 && /today/i.test(refused.json?.message ?? "") && accepted <= DAILY_UPLOAD_BYTES && Math.abs(retryAfter - toMidnight) < 30,
    "2",
    "upload bytes per address per day hold across new sessions",
    `10 MiB PNGs from ${address} in fresh sessions (${trusted ? `X-Forwarded-For ${named} each time` : "a new X-Forwarded-For on every request, which the demo does not trust"}) up to the 100 MiB default, then 1 KB from a new session`,
    `${mib(accepted)} taken in ${fillSessions} sessions, then ${brief(refused)} Retry-After ${retryAfter} s (to UTC midnight ${Math.round(toMidnight)} s)${minuteWaits ? `; waited out the per-minute upload limit ${minuteWaits}×` : ""}`
  )

  const elsewhere = trackedShopper(context)
  await elsewhere.session()
  const other = await elsewhere.upload(png(1024), "scan.png")
  line(other.status === 200, "2.1", "another address keeps its own budget", `1 KB from ${elsewhere.address}`, brief(other))
}

const todayPlusOne = () => {
  const now = new Date()
  return [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1]
}

/** 3. The visitor's address is limited and fixed at the close; transcripts only to a confirmed address. */
async function emailAndTranscript(context) {
  const { admin } = context
  const shopper = trackedShopper(context)
  await shopper.session()
  const statuses = []
  let last
  for (let save = 1; save <= EMAIL_SAVES_PER_CONVERSATION + 1; save++) {
    last = await shopper.elsewhere().call("POST", "/store/app/v1/email", { email: `me${save}-${RUN}@example.com` })
    statuses.push(last.status)
  }
  line(
    statuses.join() === "200,200,200,429" && Number(last.headers["retry-after"]) > 0,
    "3.1",
    "/email saves of one conversation are limited",
    "4 address changes within the hour, one cookie, each from another address",
    `${statuses.join(", ")} (Retry-After ${last.headers["retry-after"]} s)`
  )

  const victim = `stranger-${RUN}@example.com`
  const attacker = trackedShopper(context)
  await attacker.session()
  await attacker.send(PHISHING)
  const left = await attacker.call("POST", "/store/app/v1/email", { email: victim })
  const closed = await admin.close(attacker.conversationId)
  if (left.status !== 200 || closed.status !== 200) throw new Error(`setting up a closed chat: email ${brief(left)}, close ${brief(closed)}`)
  const changed = await attacker.call("POST", "/store/app/v1/email", { email: `other-${RUN}@example.com` })
  const same = await attacker.call("POST", "/store/app/v1/email", { email: victim })
  line(
    changed.status === 409 && same.status === 200,
    "3.2",
    "a closed chat's address cannot change",
    "POST /store/app/v1/email with another address after staff closed the chat, then the same one",
    `another ${brief(changed)}; the same ${same.status}`
  )

  const asked = await attacker.call("POST", "/store/app/v1/transcript", {})
  line(
    asked.status === 200 && asked.json?.confirmation_sent === true,
    "3.3",
    "a transcript to an unconfirmed address is only a confirmation",
    `a chat with a phishing line, closed, address ${victim} nobody confirmed: POST /store/app/v1/transcript`,
    brief(asked)
  )

  const confirmation = await eventually(
    async () => (await admin.notifications({ to: victim, channel: "email" })).find((n) => n.template === CONFIRM_TEMPLATE),
    40
  )
  // A scanner opens the confirmation link; the transcript must still wait for the button.
  let opened = null
  if (confirmation?.data?.confirm_url) {
    const url = new URL(confirmation.data.confirm_url)
    opened = await request("GET", `${url.pathname}${url.search}`, { from: freshAddress() })
  }
  // Two runs of the relay job (every 5 s) after the confirmation went out.
  await sleep(12_000)
  const sent = await admin.notifications({ to: victim, channel: "email" })
  const templates = sent.map((n) => n.template)
  line(
    Boolean(confirmation) && !templates.includes(TRANSCRIPT_TEMPLATE) && !PHISHING_TRACES.test(JSON.stringify(sent)),
    "3.4",
    "the store's notifications hold a confirmation, never the transcript",
    `GET /admin/notifications?to=${victim} (as the demo admin), 12 s after the confirmation`,
    `[${templates.join(", ") || "nothing"}], shopper's words ${PHISHING_TRACES.test(JSON.stringify(sent)) ? "FOUND" : "absent"}`
  )
  line(
    opened?.status === 200 && /<form method="post"/.test(opened.text) && !templates.includes(TRANSCRIPT_TEMPLATE),
    "3.5",
    "opening the confirmation link (GET) confirms nothing",
    "GET of the email's confirm_url without a publishable key, then the notifications again",
    opened ? `${opened.status} ${/<form method="post"/.test(opened.text) ? "a page with a POST button" : "no form"}; no transcript sent` : "no confirm_url in the email"
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
    "4",
    "the admin cannot point the model at a foreign host",
    `POST /admin/app/v1/settings {model: {base_url: "${foreign}"}}`,
    `${brief(saved)}; stored base URL ${JSON.stringify(after)}`
  )
}

/** 5. Shoppers cannot flood the agents' inbox: the flood (started early, counted at the end). */
async function startWaitingFlood(context) {
  const address = freshAddress()
  const startedAt = new Date()
  for (let chat = 0; chat < 8; chat++) {
    const shopper = trackedShopper(context, address)
    await shopper.session()
    await shopper.send(`Is anyone there? (chat ${chat + 1} of 8)`)
  }
  return { startedAt, address }
}

async function countWaitingAlerts(context, flood) {
  // The alert job runs every minute: wait for one run after the flood.
  const nextRun = Math.ceil((flood.startedAt.getTime() + 1) / 60_000) * 60_000 + 15_000
  if (Date.now() < nextRun) await sleep(nextRun - Date.now())
  const alerts = (await context.admin.notifications({ channel: "email" })).filter(
    (n) => WAITING_TEMPLATES.test(n.template) && new Date(n.created_at) >= flood.startedAt
  )
  const perWindow = new Map()
  for (const alert of alerts) {
    const window = Math.floor(new Date(alert.created_at).getTime() / (WAITING_BATCH_MINUTES * 60_000))
    const key = `${alert.to} ${window}`
    perWindow.set(key, (perWindow.get(key) ?? 0) + 1)
  }
  const most = Math.max(0, ...perWindow.values())
  const configured = configures(context, "waitingAlert")
  line(
    most <= 1,
    "5",
    "a flood of waiting chats sends at most one alert per recipient per window",
    `8 chats left waiting from ${flood.address}, then GET /admin/notifications after the alert job's next run`,
    `${alerts.length} alert emails, at most ${most} per recipient per ${WAITING_BATCH_MINUTES}-minute window${configured ? "" : " (the demo sets no waitingAlert: alerts are off)"}`
  )
  if (!configured) {
    skip("5.1", "batching of alerts to a recipient", "the demo configures no alert recipients (no waitingAlert option in its medusa-config.js), so no alert is ever due")
  }
}

/** 6. A guest's chat is never handed silently to the next shopper who signs in. */
async function linkOffer(context) {
  const guest = trackedShopper(context)
  await guest.session()
  await guest.send("Hello from a shared computer")
  const email = `shopper-${RUN}@example.com`
  const password = `integrity-${RUN}-password`
  const account = new Shopper(context)
  const registered = await account.call("POST", "/auth/customer/emailpass/register", { email, password })
  account.bearer = registered.json?.token
  const created = await account.call("POST", "/store/customers", { email, first_name: "Ada", last_name: "Shopper" })
  account.bearer = null
  const login = await account.call("POST", "/auth/customer/emailpass", { email, password })
  if (created.status !== 200 || !login.json?.token) throw new Error(`customer sign-up: ${brief(created)}, sign-in ${brief(login)}`)

  // The same browser, now signed in.
  const signedIn = new Shopper(context, guest.address)
  signedIn.visitorHash = guest.visitorHash
  signedIn.bearer = login.json.token
  const offered = await signedIn.call("POST", "/store/app/v1/session", {})
  const guestPoll = await guest.call("GET", "/store/app/v1/poll?since_id=0")
  const stored = await context.admin.call("GET", `/admin/app/v1/conversation/${guest.conversationId}`)
  line(
    offered.status === 200 &&
      offered.json?.link_offer?.conversation_id === guest.conversationId &&
      guestPoll.status === 200 &&
      stored.json?.customer_id === null,
    "6",
    "a guest chat is offered, not linked, when a customer signs in on that browser",
    "a guest chat with a message, then POST /store/app/v1/session with its cookie and a customer's bearer token",
    `${offered.status} link_offer ${JSON.stringify(offered.json?.link_offer ?? null)}; the guest's cookie alone still polls (${guestPoll.status}); admin sees customer_id ${JSON.stringify(stored.json?.customer_id)}`
  )
}

/** 7 and 8. Links in emails act only when pressed; erasing a signup leaves nothing of it. */
async function signupLinksAndErasure(context) {
  const { admin } = context
  const throwaway = await makeComingSoon(context)
  const addresses = { kept: `fan-${RUN}@example.com`, erased: `gone-${RUN}@example.com` }
  for (const email of Object.values(addresses)) {
    const fan = new Shopper(context)
    const config = await fan.call("GET", `/store/coming-soon/products/${throwaway.id}`)
    const signed = await fan.call("POST", "/store/coming-soon/signup", {
      signup_token: config.json?.signup_token,
      product_id: throwaway.id,
      email,
      name: "",
    })
    if (signed.status !== 200) throw new Error(`signing ${email} up to the run's product: ${brief(signed)}`)
  }
  const launched = await admin.call("POST", `/admin/coming-soon/products/${throwaway.id}/launch`, { notify: true })
  if (launched.status !== 200) throw new Error(`launching the run's product: ${brief(launched)}`)
  const launchEmail = (email) =>
    eventually(async () => (await admin.notifications({ to: email, channel: "email" })).find((n) => n.template === LAUNCH_TEMPLATE), 40)
  const [keptEmail, erasedEmail] = [await launchEmail(addresses.kept), await launchEmail(addresses.erased)]
  if (!keptEmail?.data?.unsubscribe_url || !erasedEmail) throw new Error("the launch emails did not reach the notifications within 40 s")

  const rowOf = async (email) => (await signupsOf(context, throwaway.id)).find((row) => row.email === email)
  const link = new URL(keptEmail.data.unsubscribe_url)
  const linkPath = `${link.pathname}${link.search}`
  // A mail scanner: no publishable key, a GET.
  const page = await request("GET", linkPath, { from: freshAddress() })
  const afterGet = (await rowOf(addresses.kept))?.unsubscribed_at
  const token = link.searchParams.get("token")
  const pressed = await request("POST", linkPath, {
    from: freshAddress(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `token=${encodeURIComponent(token)}`,
  })
  const afterPost = (await rowOf(addresses.kept))?.unsubscribed_at
  line(
    page.status === 200 && /<form method="post"/.test(page.text) && !/<script/i.test(page.text) && afterGet === null && pressed.status === 200 && afterPost,
    "7",
    "opening an unsubscribe link (GET) changes nothing",
    `GET of the launch email's unsubscribe_url (the run's product, launched), then the signup in the admin, then the page's button (POST)`,
    `${page.status} a page with a POST button, unsubscribed_at ${JSON.stringify(afterGet)}; the button ${pressed.status}, unsubscribed_at ${afterPost ? "set" : "still null"}`
  )
  if (!configures(context, "doubleOptIn")) {
    skip("7.1", "opening a double opt-in confirm link (GET)", "the demo has no doubleOptIn, so no signup gets a confirm link (the transcript's confirm link is 3.5)")
  }

  const row = await rowOf(addresses.erased)
  const before = (await admin.notifications({ to: addresses.erased })).length
  const keySet = (await admin.call("GET", "/admin/coming-soon/settings")).json?.mailer_api_key_set
  const erased = await admin.call("DELETE", `/admin/coming-soon/signups/${row.id}`)
  const after = (await admin.notifications({ to: addresses.erased })).length
  // Honest: a row that never had a subscriber id was never on the list; one that had, without a key, was not forgotten.
  const honest = row.mailer_id === null ? "not_subscribed" : keySet ? null : "not_forgotten"
  const mailingList = erased.json?.mailing_list
  line(
    erased.status === 200 && before >= 1 && after === 0 && erased.json?.notifications_erased >= 1 && (honest ? mailingList === honest : mailingList !== undefined),
    "8",
    "erasing a signup leaves no Notification record and reports the mailing list honestly",
    `DELETE /admin/coming-soon/signups/:id of a row with a launch email (mailer_id ${JSON.stringify(row.mailer_id)}, MailerLite key ${keySet ? "set" : "not set"})`,
    `${brief(erased)}; notifications to the address ${before} before, ${after} after`
  )
}

/** 9. The bridge secret cannot be guessed online. */
async function bridgeSecret(context) {
  const address = freshAddress()
  const hook = (from, secret) =>
    request("POST", "/hooks/app/v1/bridge/incoming", {
      from,
      headers: { "content-type": "application/json", "x-app-secret": secret },
      body: JSON.stringify({ thread_id: "T1", author_name: "Mallory", message: "hello" }),
    })
  const statuses = []
  let answer
  for (let attempt = 1; attempt <= BRIDGE_AUTH_FAILURES + 5; attempt++) {
    answer = await hook(address, `wrong-secret-${attempt}-${RUN}`)
    statuses.push(answer.status)
    if (answer.status !== 401) break
  }
  const firstThrottled = statuses.indexOf(429) + 1
  line(
    statuses[0] === 401 && firstThrottled > 1 && firstThrottled <= BRIDGE_AUTH_FAILURES + 1 && statuses.slice(0, firstThrottled - 1).every((s) => s === 401) && Number(answer.headers["retry-after"]) > 0,
    "9",
    "wrong bridge secrets are refused, then throttled per address",
    `POST /hooks/app/v1/bridge/incoming with a wrong X-APP-Secret from ${address}, until refused otherwise${context.chatSettings?.bridge?.shared_secret_set ? "" : " (the demo sets no shared secret: every secret is wrong)"}`,
    `${statuses.filter((s) => s === 401).length}× 401, then ${brief(answer)} Retry-After ${answer.headers["retry-after"]} s`
  )
  const other = await hook(freshAddress(), `wrong-secret-${RUN}`)
  line(other.status === 401, "9.1", "another address is not held", "the same request from another address", `${other.status}`)
}

function unreachable(context) {
  skip("-", "atomic effects (message, conversation update and outbox in one statement)", "needs the database to refuse a statement (a trigger), which only a test inside the store can set")
  const model = context.chatSettings?.model
  skip(
    "-",
    "model calls per client address per day",
    model?.api_key_set ? "not spent: each call costs the store's model budget" : "the demo configures no model (no API key), so no auto-reply calls one"
  )
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const baseUrl = (process.argv[2] || process.env.LAUNCHDESK_DEMO_URL || DEFAULT_BASE_URL).replace(/\/$/, "")
  target = targetOf(baseUrl)
  const context = await learnDemo(baseUrl)
  console.log(
    `Checking the demo at ${baseUrl} (run ${RUN}, clients on 127.${runOctets.join(".")}.x; coming-soon product ${context.comingSoonProduct.handle}, region ${context.region.name})`
  )
  let flood = null
  try {
    await check("5", "waiting-alert flood", async () => {
      flood = await startWaitingFlood(context)
    })
    await check("0", "not for sale before launch", () => notForSale(context))
    await check("1", "chat files are private", () => attachmentsPrivate(context))
    await check("2", "upload bytes per address per day", () => uploadDailyCap(context))
    await check("3", "visitor address and transcript", () => emailAndTranscript(context))
    await check("4", "model base URL", () => modelBaseUrl(context))
    await check("6", "guest chat and sign-in", () => linkOffer(context))
    await check("7/8", "signup links and erasure", () => signupLinksAndErasure(context))
    await check("9", "bridge secret", () => bridgeSecret(context))
    if (flood) await check("5", "waiting-alert flood", () => countWaitingAlerts(context, flood))
    unreachable(context)
  } finally {
    // The demo as the run found it: its chats closed, its own product and signups gone.
    for (const id of context.conversations) await context.admin.close(id).catch(() => {})
    for (const cleanup of context.cleanups) await cleanup().catch((error) => console.log(`(cleanup: ${error.message})`))
  }
  console.log(`\n${tally.ok} ok, ${tally.skip} skip, ${tally.FAIL} FAIL`)
  process.exitCode = tally.FAIL > 0 ? 1 : 0
}

main().catch((error) => {
  console.error(`check-demo-integrity: ${error.message}`)
  process.exitCode = 1
})
