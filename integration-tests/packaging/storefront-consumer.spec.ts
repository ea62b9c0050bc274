import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createHash } from "node:crypto"
import zlib from "node:zlib"
import { build, type Metafile } from "esbuild"
import { ROOT, exec } from "../../scripts/lib/host-app"

// A first run installs React 19, the js-sdk and their types (about a minute); later runs reuse them.
jest.setTimeout(6 * 60 * 1000)

const PACKAGE_DIR = path.join(ROOT, "packages", "storefront")
const PACKAGE_NAME = "@launchdesk/storefront"
const MAX_ADDED_BYTES = 1024 * 1024
// Issue 31: the bindings may add at most this to a page's first load (gzipped); the rest loads on mount.
const MAX_FIRST_LOAD_GZIP = 10 * 1024

// What the DTC starter (Next.js 15.5) brings: React 19, the js-sdk and @medusajs/types 2.18.0, type packages.
const CONSUMER_MANIFEST = {
  name: "dtc-starter-like",
  private: true,
  version: "0.0.0",
  dependencies: { "@medusajs/js-sdk": "2.18.0", react: "^19", "react-dom": "^19" },
  devDependencies: { "@medusajs/types": "2.18.0", "@types/react": "^19", "@types/react-dom": "^19" },
}

const TSC = require.resolve("typescript/bin/tsc", { paths: [ROOT] })

/** A product page the way the starter writes one: the add-to-cart gated, the chat in the layout. */
const PAGE = `import type { HttpTypes } from "@medusajs/types"
import { ComingSoonGate, LaunchDeskProvider, SupportChat, type ComingSoonInitialState, type LaunchDeskConfig } from "${PACKAGE_NAME}/react"
import { createElement, type ReactElement } from "react"

const config: LaunchDeskConfig = { backendUrl: "https://api.shop.test", publishableKey: "pk_test" }

export function ProductPage({ product, initialState }: { product: HttpTypes.StoreProduct; initialState?: ComingSoonInitialState }): ReactElement {
  return createElement(
    LaunchDeskProvider,
    config,
    createElement(
      ComingSoonGate,
      { product, initialState, fallback: createElement("p", null, "Checking availability") },
      createElement("button", null, "Add to cart")
    ),
    createElement(SupportChat, { position: "right", bottomOffset: 72 })
  )
}

// @ts-expect-error a product is an id or has one: fails to compile if the types resolved to any
export const wrong = createElement(ComingSoonGate, { product: 42 })
`

/** Only the package and React: its own declarations are checked too (skipLibCheck off). */
const OWN_TYPES = `import { ComingSoonGate, useComingSoon, type ComingSoonState } from "${PACKAGE_NAME}/react"
import { getComingSoonState } from "${PACKAGE_NAME}/react/server"
export const gate: typeof ComingSoonGate = ComingSoonGate
export type Phase = ComingSoonState["phase"]
export type Hook = typeof useComingSoon
export const known: Promise<boolean> = getComingSoonState("prod_1", { backendUrl: "https://api.shop.test", publishableKey: "pk" }).then((state) => state?.coming_soon === false)
`

const COMING_SOON = {
  coming_soon: true,
  product_id: "prod_1",
  arrival_date: "2031-01-01",
  offer_description: null,
  email_provider: "mailer",
  captcha: { enabled: false },
  signup_token: "token",
}

/** The page rendered without the server's state, with a product found not coming soon, and with one that is. */
const RENDER = `const { renderToString } = require("react-dom/server")
const { createElement } = require("react")
const { ProductPage } = require("./out/page.js")
const product = { id: "prod_1", title: "Lamp" }
const render = (initialState) => renderToString(createElement(ProductPage, { product, initialState }))
process.stdout.write(JSON.stringify({ unknown: render(undefined), available: render({ coming_soon: false }), comingSoon: render(${JSON.stringify(COMING_SOON)}) }))
`

/** A client page as a Next.js app has one: every component and hook the README shows, react left to the app. */
const CLIENT_PAGE = `import { BackInStockGate, ComingSoonGate, LaunchDeskProvider, SupportChat, useComingSoon, useSupportChat } from "${PACKAGE_NAME}/react"
export const used = [BackInStockGate, ComingSoonGate, LaunchDeskProvider, SupportChat, useComingSoon, useSupportChat]
`

/** The output files a page loads before any dynamic import: the entry and what it imports statically. */
function firstLoad(outputs: Metafile["outputs"]): string[] {
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint)
  const loaded = new Set<string>()
  for (const pending = entry ? [entry] : []; pending.length > 0; ) {
    const file = pending.pop() as string
    if (loaded.has(file)) continue
    loaded.add(file)
    for (const imported of outputs[file].imports) if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path)
  }
  return [...loaded]
}

/** The server helper against a stand-in backend: one product answers, one never does. */
const SERVER_HELPER = `const http = require("node:http")
const seen = []
const server = http.createServer((request, response) => {
  seen.push({ url: request.url, key: request.headers["x-publishable-api-key"], locale: request.headers["x-medusa-locale"] })
  if (request.url.endsWith("/prod_silent")) return
  response.setHeader("content-type", "application/json")
  response.end(JSON.stringify({ coming_soon: false }))
})
server.listen(0, "127.0.0.1", async () => {
  const backendUrl = "http://127.0.0.1:" + server.address().port
  const { getComingSoonState } = require("${PACKAGE_NAME}/react/server")
  const esm = await import("${PACKAGE_NAME}/react/server")
  const options = { backendUrl, publishableKey: "pk_test", locale: "de-AT", timeoutMs: 300 }
  const started = Date.now()
  const results = {
    cjs: await getComingSoonState("prod_1", options),
    esm: await esm.getComingSoonState("prod_1", options),
    silent: await getComingSoonState("prod_silent", options),
    silentMs: Date.now() - started,
    seen,
    windowType: typeof window,
  }
  // A file, not stdout: the silent lookup's warning goes to the console.
  require("node:fs").writeFileSync("results.json", JSON.stringify(results))
  server.closeAllConnections()
  server.close()
})
`

/** moduleResolution → the module setting it goes with. */
const RESOLUTIONS: Record<string, string> = { node: "commonjs", node16: "node16", bundler: "esnext" }

/** The starter's settings (skipLibCheck on, as in the DTC starter), or every declaration checked. */
function tsconfig(resolution: string, { emit = false, file = "page.ts", skipLibCheck = true } = {}) {
  return {
    compilerOptions: {
      target: "ES2020",
      lib: ["ES2020", "DOM"],
      module: RESOLUTIONS[resolution],
      moduleResolution: resolution,
      strict: true,
      skipLibCheck,
      esModuleInterop: true,
      types: [],
      ...(emit ? { outDir: "out" } : { noEmit: true }),
    },
    files: [file],
  }
}

/** Bytes of regular files under `dir`, links not followed (what `du --apparent-size` counts). */
function sizeOf(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += sizeOf(full)
    else if (entry.isFile()) total += fs.statSync(full).size
  }
  return total
}

const installedPackages = (dir: string) =>
  fs.readdirSync(path.join(dir, "node_modules"), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return []
    if (!entry.name.startsWith("@")) return [entry.name]
    return fs.readdirSync(path.join(dir, "node_modules", entry.name)).map((name) => `${entry.name}/${name}`)
  })

describe("the storefront package installed in a DTC-starter-like project", () => {
  const manifestKey = createHash("sha256").update(JSON.stringify(CONSUMER_MANIFEST)).digest("hex").slice(0, 12)
  // Outside the repository: under it, Node and tsc would walk up into the repository's own
  // node_modules (React 18, the workspace link to this package) and mask a missing file or
  // type. The baseline install is cached by manifest, so later runs only add the package.
  const consumerDir = path.join(os.tmpdir(), "launchdesk-cache", `storefront-consumer-${manifestKey}`)
  const packDir = path.join(ROOT, ".tmp", `storefront-pack-${process.pid}-${Date.now()}`)
  let tarball: string
  let sizeBefore: number
  let packagesBefore: string[]
  let installOutput: string

  beforeAll(async () => {
    fs.mkdirSync(packDir, { recursive: true })
    // `npm pack` runs the package's prepack, which builds dist/ from src/storefront.
    const packed = await exec("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: PACKAGE_DIR })
    const [{ filename }] = JSON.parse(packed.slice(packed.indexOf("[\n")))
    tarball = path.join(packDir, path.basename(filename))

    // The baseline: the starter's own dependencies, installed once and cached by manifest.
    fs.mkdirSync(consumerDir, { recursive: true })
    fs.writeFileSync(path.join(consumerDir, "package.json"), JSON.stringify(CONSUMER_MANIFEST, null, 2))
    await exec("npm", ["install", "--no-audit", "--no-fund"], { cwd: consumerDir })
    sizeBefore = sizeOf(path.join(consumerDir, "node_modules"))
    packagesBefore = installedPackages(consumerDir)

    installOutput = await exec("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: consumerDir })
  })

  afterAll(async () => {
    // Back to the cached baseline for the next run.
    if (fs.existsSync(path.join(consumerDir, "package.json"))) {
      fs.writeFileSync(path.join(consumerDir, "package.json"), JSON.stringify(CONSUMER_MANIFEST, null, 2))
      await exec("npm", ["install", "--no-audit", "--no-fund"], { cwd: consumerDir }).catch(() => undefined)
    }
    fs.rmSync(packDir, { recursive: true, force: true })
  })

  it("installs with a plain npm install, adding only itself and well under 1 MB", () => {
    expect(installOutput).not.toMatch(/ERESOLVE/)
    const added = installedPackages(consumerDir).filter((name) => !packagesBefore.includes(name))
    expect(added).toEqual([PACKAGE_NAME])
    const addedBytes = sizeOf(path.join(consumerDir, "node_modules")) - sizeBefore
    console.log(`${PACKAGE_NAME}: ${(fs.statSync(tarball).size / 1024).toFixed(1)} kB packed, ${(addedBytes / 1024).toFixed(1)} kB installed`)
    expect(addedBytes).toBeGreaterThan(0)
    expect(addedBytes).toBeLessThan(MAX_ADDED_BYTES)
    const manifest = JSON.parse(fs.readFileSync(path.join(consumerDir, "node_modules", PACKAGE_NAME, "package.json"), "utf8"))
    expect(Object.keys(manifest.dependencies ?? {})).toEqual([])
    expect(Object.keys(manifest.peerDependencies)).toEqual(["react", "react-dom"])
  })

  it("exports every script-tag file, the on-demand parts and the language files included", async () => {
    const files = ["launchdesk.js", "launchdesk-coming-soon.js", "launchdesk-chat-extras.js", "launchdesk-chat-stream.js", "launchdesk-locale-de.js", "launchdesk-locale-ar.js"]
    const script = `for (const file of ${JSON.stringify(files)}) console.log(require.resolve("${PACKAGE_NAME}/" + file))`
    const resolved = (await exec(process.execPath, ["-e", script], { cwd: consumerDir })).trim().split("\n")
    expect(resolved.map((file) => path.basename(file))).toEqual(files)
    for (const file of resolved) expect(fs.existsSync(file)).toBe(true)
  })

  it("leaves later plain installs working", async () => {
    const again = await exec("npm", ["install", "--no-audit", "--no-fund"], { cwd: consumerDir })
    expect(again).not.toMatch(/ERESOLVE/)
    expect(fs.existsSync(path.join(consumerDir, "node_modules", PACKAGE_NAME, "package.json"))).toBe(true)
  })

  it.each(Object.keys(RESOLUTIONS))("type-checks a page importing the React bindings under moduleResolution %s", async (resolution) => {
    const dir = path.join(consumerDir, `check-${resolution}`)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, "page.ts"), PAGE)
    fs.writeFileSync(path.join(dir, "own-types.ts"), OWN_TYPES)
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig(resolution), null, 2))
    const strict = tsconfig(resolution, { file: "own-types.ts", skipLibCheck: false })
    fs.writeFileSync(path.join(dir, "tsconfig.strict.json"), JSON.stringify(strict, null, 2))
    await expect(exec(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: dir })).resolves.toBe("")
    await expect(exec(process.execPath, [TSC, "-p", "tsconfig.strict.json"], { cwd: dir })).resolves.toBe("")
  })

  it("builds the page with tsc and renders it on the server", async () => {
    const dir = path.join(consumerDir, "render")
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, "page.ts"), PAGE)
    fs.writeFileSync(path.join(dir, "render.js"), RENDER)
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig("node16", { emit: true }), null, 2))
    await exec(process.execPath, [TSC, "-p", dir], { cwd: dir })

    const html = JSON.parse(await exec(process.execPath, ["render.js"], { cwd: dir }))
    // Without the server's state the gate shows its fallback (never the add-to-cart); the chat is its element.
    expect(html.unknown).toContain("<p>Checking availability</p>")
    expect(html.unknown).not.toContain("Add to cart")
    expect(html.unknown).toContain("<launchdesk-chat></launchdesk-chat>")
    // With it, the server HTML already holds the add-to-cart, or the block's place and no add-to-cart.
    expect(html.available).toContain("<button>Add to cart</button>")
    expect(html.available).not.toContain("Checking availability")
    expect(html.comingSoon).toContain("<launchdesk-coming-soon></launchdesk-coming-soon>")
    expect(html.comingSoon).not.toContain("Add to cart")
  })

  it("adds at most 10 kB gzipped to a page's first load when bundled as a Next.js app does, the rest on demand", async () => {
    const dir = path.join(consumerDir, "first-load")
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
    const bundled = await build({
      stdin: { contents: CLIENT_PAGE, resolveDir: consumerDir, loader: "js" },
      absWorkingDir: consumerDir,
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      outdir: dir,
      metafile: true,
      external: ["react", "react-dom", "react/jsx-runtime"],
      logLevel: "silent",
    })
    const outputs = bundled.metafile.outputs
    const gzipped = (files: string[]) => files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(consumerDir, file)), { level: 9 }).length, 0)
    const first = firstLoad(outputs)
    const onDemand = Object.keys(outputs).filter((file) => file.endsWith(".js") && !first.includes(file))
    console.log(`${PACKAGE_NAME}/react: first load ${(gzipped(first) / 1024).toFixed(1)} kB gzipped in ${first.length} files, ${(gzipped(onDemand) / 1024).toFixed(1)} kB more on demand in ${onDemand.length}`)
    expect(gzipped(first)).toBeLessThanOrEqual(MAX_FIRST_LOAD_GZIP)
    // The chat, the block and the languages are there, only later: the page did not just lose them.
    expect(gzipped(onDemand)).toBeGreaterThan(4 * MAX_FIRST_LOAD_GZIP)
  })

  it("gives the coming-soon state on the server through react/server, and null in time when the backend is silent", async () => {
    const dir = path.join(consumerDir, "server-helper")
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, "check.js"), SERVER_HELPER)
    const output = await exec(process.execPath, ["check.js"], { cwd: dir })
    const results = JSON.parse(fs.readFileSync(path.join(dir, "results.json"), "utf8"))
    expect(output).toMatch(/could not learn on the server whether product prod_silent is coming soon/)
    expect(results.windowType).toBe("undefined")
    expect(results.cjs).toEqual({ coming_soon: false })
    expect(results.esm).toEqual({ coming_soon: false })
    expect(results.silent).toBeNull()
    // The silent backend is given up after its 300 ms, not waited for.
    expect(results.silentMs).toBeLessThan(5000)
    expect(results.seen).toEqual([
      { url: "/store/coming-soon/products/prod_1", key: "pk_test", locale: "de-AT" },
      { url: "/store/coming-soon/products/prod_1", key: "pk_test", locale: "de-AT" },
      { url: "/store/coming-soon/products/prod_silent", key: "pk_test", locale: "de-AT" },
    ])
  })
})
