#!/usr/bin/env node
// `npm run bench -- dtc-starter-first-load <dtc-starter checkout> [label=tarball ...]`: what the
// React bindings cost Medusa's DTC starter (github.com/medusajs/dtc-starter, its
// apps/storefront), and whether a product page's server HTML holds its add-to-cart. Clone the
// starter first; this copies its storefront into $TMPDIR/launchdesk-cache/dtc-starter, installs
// it with npm and builds it with `next build`: once as it is, then once per tarball of
// @launchdesk/storefront (default: this checkout's, packed now) wired as docs/storefront.md
// says. A tarball labelled `*client` gets steps 1 and 2 (the provider and the chat in the root
// layout, the gate around the add-to-cart); others also step 4 (getComingSoonState in the
// product actions' server component). Each build is then served by `next start` and a product
// that is not coming soon, and one that is, are asked for. The starter's build and pages read
// the store: NEXT_PUBLIC_MEDUSA_BACKEND_URL and NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY name a running
// Medusa with the plugin (`STORE_CORS=http://localhost:8100 npm run demo` prints its key),
// NEXT_PUBLIC_DEFAULT_REGION one of its countries (default `de`, the demo's).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const zlib = require("node:zlib")
const { execFileSync, spawn } = require("node:child_process")

const ROOT = path.join(__dirname, "..")
const APP = path.join(process.env.LAUNCHDESK_CACHE_DIR || path.join(os.tmpdir(), "launchdesk-cache"), "dtc-starter")
const PACKAGE = "@launchdesk/storefront"
const PORT = Number(process.env.PORT || 8100)
const PRODUCT_ROUTE = "/[countryCode]/products/[handle]"
const HOME_ROUTE = "/[countryCode]"

const LAYOUT = "src/app/layout.tsx"
const ACTIONS = "src/modules/products/components/product-actions/index.tsx"
const WRAPPER = "src/modules/products/templates/product-actions-wrapper/index.tsx"

const run = (command, args, cwd, env) =>
  execFileSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 })

/** `text` with `from` replaced by `to`, once; the starter's file must still hold `from`. */
function replaceOnce(text, from, to, file) {
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from.slice(0, 60))}: the starter changed, update this script`)
  return text.replace(from, () => to)
}

/** The three files of docs/storefront.md's steps, as the starter has them (`none`) or changed. */
function starterFiles(original, kind) {
  if (kind === "none") return original
  const server = kind === "server"
  let layout = original[LAYOUT]
  layout = replaceOnce(layout, `import { Metadata } from "next"\n`, `import { Metadata } from "next"\nimport { LaunchDeskProvider, SupportChat } from "${PACKAGE}/react"\n`, LAYOUT)
  layout = replaceOnce(
    layout,
    `<main className="relative">{props.children}</main>`,
    `<LaunchDeskProvider
          publishableKey={process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY!}
          backendUrl={process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL!}
        >
          <main className="relative">{props.children}</main>
          <SupportChat />
        </LaunchDeskProvider>`,
    LAYOUT
  )

  let actions = original[ACTIONS]
  actions = replaceOnce(actions, `"use client"\n`, `"use client"\nimport { ComingSoonGate${server ? ", type ComingSoonInitialState" : ""} } from "${PACKAGE}/react"\n`, ACTIONS)
  actions = replaceOnce(actions, `        <Button\n          onClick={handleAddToCart}`, `        <ComingSoonGate product={product}${server ? " initialState={comingSoon}" : ""}>\n        <Button\n          onClick={handleAddToCart}`, ACTIONS)
  actions = replaceOnce(actions, `          optionsDisabled={!!disabled || isAdding}\n        />\n`, `          optionsDisabled={!!disabled || isAdding}\n        />\n        </ComingSoonGate>\n`, ACTIONS)
  if (!server) return { ...original, [LAYOUT]: layout, [ACTIONS]: actions }

  actions = replaceOnce(actions, `  disabled?: boolean\n}`, `  disabled?: boolean\n  comingSoon?: ComingSoonInitialState\n}`, ACTIONS)
  actions = replaceOnce(actions, `  product,\n  disabled,\n}: ProductActionsProps`, `  product,\n  disabled,\n  comingSoon,\n}: ProductActionsProps`, ACTIONS)
  let wrapper = original[WRAPPER]
  wrapper = replaceOnce(wrapper, `import { listProducts } from "@lib/data/products"\n`, `import { getComingSoonState } from "${PACKAGE}/react/server"\nimport { listProducts } from "@lib/data/products"\n`, WRAPPER)
  wrapper = replaceOnce(
    wrapper,
    `  const product = await listProducts({
    queryParams: { id: [id] },
    regionId: region.id,
  }).then(({ response }) => response.products[0])`,
    `  const [product, comingSoon] = await Promise.all([
    listProducts({ queryParams: { id: [id] }, regionId: region.id }).then(({ response }) => response.products[0]),
    getComingSoonState(id, {
      backendUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL!,
      publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY!,
    }),
  ])`,
    WRAPPER
  )
  wrapper = replaceOnce(wrapper, `<ProductActions product={product} region={region} />`, `<ProductActions product={product} region={region} comingSoon={comingSoon} />`, WRAPPER)
  return { [LAYOUT]: layout, [ACTIONS]: actions, [WRAPPER]: wrapper }
}

/** Gzipped bytes of the JavaScript a page loads first: its own files and every layout above it. */
function firstLoadGzip(page) {
  const pages = JSON.parse(fs.readFileSync(path.join(APP, ".next", "app-build-manifest.json"), "utf8")).pages
  const dir = page.slice(0, -"/page".length)
  const layouts = Object.keys(pages).filter((key) => key.endsWith("/layout") && (dir + "/").startsWith(key.slice(0, -"layout".length)))
  const files = new Set([...layouts, page].flatMap((key) => pages[key]).filter((file) => file.endsWith(".js")))
  let total = 0
  for (const file of files) total += zlib.gzipSync(fs.readFileSync(path.join(APP, ".next", file))).length
  return total
}

async function storeGet(url) {
  const response = await fetch(`${process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL}${url}`, {
    headers: { "x-publishable-api-key": process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY },
  })
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
  return response.json()
}

/** One product that is not coming soon and one that is (null when the store has none). */
async function pickProducts() {
  const { products } = await storeGet("/store/products?fields=id,handle&limit=50")
  const picked = { normal: null, comingSoon: null }
  for (const product of products) {
    const state = await storeGet(`/store/coming-soon/products/${product.id}`)
    const key = state.coming_soon ? "comingSoon" : "normal"
    picked[key] ??= product.handle
  }
  return picked
}

/** Serves the build with `next start` and reads a product page's whole server HTML. */
async function serverHtml(handles) {
  const server = spawn("npx", ["next", "start", "-p", String(PORT)], { cwd: APP, stdio: "ignore", detached: true })
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM")
    } catch {
      // already gone
    }
  }
  try {
    const country = process.env.NEXT_PUBLIC_DEFAULT_REGION
    const read = async (handle) => {
      for (let attempt = 0; attempt < 60; attempt++) {
        try {
          const response = await fetch(`http://localhost:${PORT}/${country}/products/${handle}`)
          return await response.text()
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 500))
        }
      }
      throw new Error(`next start did not answer on port ${PORT}`)
    }
    const result = {}
    for (const [key, handle] of Object.entries(handles)) {
      if (!handle) continue
      const html = await read(handle)
      result[key] = {
        addToCart: (html.match(/data-testid="add-product-button"/g) ?? []).length,
        block: html.includes("<launchdesk-coming-soon"),
      }
    }
    return result
  } finally {
    stop()
  }
}

async function build(label, kind, tarball, original, handles) {
  if (tarball) run("npm", ["install", "--no-audit", "--no-fund", "--no-save", tarball], APP)
  else if (fs.existsSync(path.join(APP, "node_modules", PACKAGE))) run("npm", ["uninstall", "--no-audit", "--no-fund", "--no-save", PACKAGE], APP)
  for (const [file, content] of Object.entries(starterFiles(original, kind))) fs.writeFileSync(path.join(APP, file), content)
  fs.rmSync(path.join(APP, ".next"), { recursive: true, force: true })
  const output = run("npx", ["next", "build"], APP, { NEXT_TELEMETRY_DISABLED: "1" })
  const row = (route) => output.split("\n").find((line) => line.includes(` ${route} `)) ?? ""
  const nextFigure = (route) => row(route).trim().split(/\s{2,}/).pop()
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
  const html = await serverHtml(handles)
  const says = (page) => (page ? `${page.addToCart} add-to-cart${page.addToCart === 1 ? "" : "s"}${page.block ? ", the block" : ""}` : "-")
  console.log(
    `${label.padEnd(16)} product page: next ${nextFigure(PRODUCT_ROUTE)}, with its layouts ${kb(firstLoadGzip("/[countryCode]/(main)/products/[handle]/page"))}` +
      `   home: next ${nextFigure(HOME_ROUTE)}, with its layouts ${kb(firstLoadGzip("/[countryCode]/(main)/page"))}` +
      `   server HTML: product ${says(html.normal)}; coming-soon product ${says(html.comingSoon)}`
  )
}

async function main() {
  const [checkout, ...rest] = process.argv.slice(2)
  const source = checkout && path.join(path.resolve(checkout), "apps", "storefront")
  if (!source || !fs.existsSync(path.join(source, "package.json"))) {
    console.error("Usage: npm run bench -- dtc-starter-first-load <dtc-starter checkout> [label=tarball ...]")
    console.error("  (git clone https://github.com/medusajs/dtc-starter first)")
    process.exit(1)
  }
  for (const name of ["NEXT_PUBLIC_MEDUSA_BACKEND_URL", "NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY"]) {
    if (!process.env[name]) throw new Error(`${name} is not set: the starter's build reads the store`)
  }
  process.env.NEXT_PUBLIC_DEFAULT_REGION ||= "de"
  process.env.NEXT_PUBLIC_BASE_URL ||= `http://localhost:${PORT}`

  const given = rest.map((argument) => argument.split("="))
  if (given.length === 0) {
    const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", os.tmpdir()], path.join(ROOT, "packages", "storefront")).replace(/^[^[]*/, ""))
    given.push(["this checkout", path.join(os.tmpdir(), packed[0].filename)])
  }
  fs.cpSync(source, APP, { recursive: true, filter: (file) => !/[/\\](node_modules|\.next)$/.test(file) })
  run("npm", ["install", "--no-audit", "--no-fund"], APP)
  const original = Object.fromEntries([LAYOUT, ACTIONS, WRAPPER].map((file) => [file, fs.readFileSync(path.join(source, file), "utf8")]))
  const handles = await pickProducts()
  const versions = ["next", "react"].map((name) => require(path.join(APP, "node_modules", name, "package.json")).version)
  console.log(`dtc-starter apps/storefront, Next.js ${versions[0]}, React ${versions[1]}; kB = 1000 B as next build counts; "with its layouts": zlib's default gzip level`)
  console.log(`server HTML of /${process.env.NEXT_PUBLIC_DEFAULT_REGION}/products/<handle> from next start: ${handles.normal} (not coming soon), ${handles.comingSoon} (coming soon)`)
  await build("as it is", "none", null, original, handles)
  for (const [label, tarball] of given) await build(label, label.endsWith("client") ? "client" : "server", path.resolve(tarball), original, handles)
}

main().catch((error) => {
  console.error(error.message)
  process.exit(1)
})
