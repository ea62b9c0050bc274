#!/usr/bin/env node
// `npm run bench -- next-first-load [label=tarball ...]`: what the React bindings add to a
// Next.js 15 app's pages. Builds one small app-router app (a root layout, a home page, a
// dynamic product page whose client `ProductActions` holds the add-to-cart, as in Medusa's
// starters) with `next build`, once without the bindings and once per tarball of
// @launchdesk/storefront (default: this checkout's, packed now), and prints each build's
// figures: Next's own "First Load JS" of the product page, and the gzipped JavaScript each
// page loads counting the root layout's chunks (Next's table leaves those out of a page that
// does not use them itself). A tarball labelled `*client` is built with the gate alone (the
// bindings before react/server); others also ask getComingSoonState in the page.
// The app and its install are cached in $TMPDIR/launchdesk-cache/next-first-load.
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const zlib = require("node:zlib")
const { execFileSync } = require("node:child_process")

const ROOT = path.join(__dirname, "..")
const APP = path.join(process.env.LAUNCHDESK_CACHE_DIR || path.join(os.tmpdir(), "launchdesk-cache"), "next-first-load")
const PACKAGE = "@launchdesk/storefront"
const MANIFEST = {
  name: "next-first-load",
  private: true,
  dependencies: { next: "15.5.29", react: "19.2.0", "react-dom": "19.2.0" },
  devDependencies: { typescript: "5.9.3", "@types/react": "19.2.2", "@types/node": "22.18.0" },
}
const TSCONFIG = {
  compilerOptions: {
    target: "ES2017", lib: ["dom", "dom.iterable", "esnext"], skipLibCheck: true, strict: true, noEmit: true,
    esModuleInterop: true, module: "esnext", moduleResolution: "bundler", resolveJsonModule: true,
    isolatedModules: true, jsx: "preserve", plugins: [{ name: "next" }],
  },
  include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
  exclude: ["node_modules"],
}

const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

const ENV = `process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL ?? "http://localhost:9000"`
const KEY = `process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? "pk_test"`

/** The app's files for one build: `none` (no bindings), `client` (the gate asks from the browser), `server` (getComingSoonState in the page). */
function appFiles(kind) {
  const bindings = kind !== "none"
  const layout = bindings
    ? `import { LaunchDeskProvider, SupportChat } from "${PACKAGE}/react"
export default function RootLayout(props: { children: React.ReactNode }) {
  return (<html lang="en"><body><LaunchDeskProvider publishableKey={${KEY}} backendUrl={${ENV}}><main>{props.children}</main><SupportChat /></LaunchDeskProvider></body></html>)
}
`
    : `export default function RootLayout(props: { children: React.ReactNode }) {
  return (<html lang="en"><body><main>{props.children}</main></body></html>)
}
`
  const server = kind === "server"
  const gateImport = !bindings ? "" : `import { ComingSoonGate${server ? ", type ComingSoonInitialState" : ""} } from "${PACKAGE}/react"`
  const [open, close] = bindings ? [`<ComingSoonGate product={product}${server ? " initialState={initialState}" : ""}>`, "</ComingSoonGate>"] : ["", ""]
  const actions = `"use client"
import { useState } from "react"
${gateImport}
type Product = { id: string; title: string; variants: { id: string; title: string }[] }
export default function ProductActions({ product${server ? ", initialState" : ""} }: { product: Product${server ? "; initialState?: ComingSoonInitialState" : ""} }) {
  const [variant, setVariant] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  return (
    <div>
      {product.variants.map((v) => <button key={v.id} onClick={() => setVariant(v.id)}>{v.title}</button>)}
      ${open}
        <button data-testid="add-product-button" disabled={!variant || adding} onClick={() => setAdding(true)}>Add to cart</button>
        <div className="lg:hidden fixed bottom-0"><button data-testid="mobile-cart-button">Add to cart</button></div>
      ${close}
    </div>
  )
}
`
  const page = `import ProductActions from "../../../components/product-actions"
${server ? `import { getComingSoonState } from "${PACKAGE}/react/server"` : ""}
export const dynamic = "force-dynamic"
export default async function ProductPage({ params }: { params: Promise<{ handle: string }> }) {
  const { handle } = await params
  const product = { id: "prod_" + handle, title: handle, variants: [{ id: "variant_s", title: "S" }, { id: "variant_m", title: "M" }] }
  ${server ? `const initialState = await getComingSoonState(product.id, { backendUrl: ${ENV}, publishableKey: ${KEY} })` : ""}
  return (<section><h1>{product.title}</h1><ProductActions product={product}${server ? " initialState={initialState}" : ""} /></section>)
}
`
  return {
    "app/layout.tsx": layout,
    "app/page.tsx": "export default function Home() { return <h1>Store</h1> }\n",
    "components/product-actions.tsx": actions,
    "app/products/[handle]/page.tsx": page,
  }
}

/** Gzipped bytes of the JavaScript a route loads first: its page's files and the root layout's. */
function firstLoadGzip(route) {
  const pages = JSON.parse(fs.readFileSync(path.join(APP, ".next", "app-build-manifest.json"), "utf8")).pages
  const files = new Set([...pages["/layout"], ...pages[route]].filter((file) => file.endsWith(".js")))
  let total = 0
  for (const file of files) total += zlib.gzipSync(fs.readFileSync(path.join(APP, ".next", file))).length
  return total
}

function build(label, kind, tarball) {
  if (tarball) run("npm", ["install", "--no-audit", "--no-fund", "--no-save", tarball], APP)
  else run("npm", ["uninstall", "--no-audit", "--no-fund", PACKAGE], APP)
  for (const [file, content] of Object.entries(appFiles(kind))) {
    fs.mkdirSync(path.dirname(path.join(APP, file)), { recursive: true })
    fs.writeFileSync(path.join(APP, file), content)
  }
  fs.rmSync(path.join(APP, ".next"), { recursive: true, force: true })
  const output = run("npx", ["next", "build"], APP)
  const row = (route) => output.split("\n").find((line) => line.includes(` ${route} `)) ?? ""
  const nextFigure = (route) => row(route).trim().split(/\s{2,}/).pop()
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
  console.log(
    `${label.padEnd(14)} product page: next ${nextFigure("/products/[handle]")}, layout + page ${kb(firstLoadGzip("/products/[handle]/page"))}` +
      `   home: next ${nextFigure("/")}, layout + page ${kb(firstLoadGzip("/page"))}`
  )
}

function main() {
  fs.mkdirSync(APP, { recursive: true })
  fs.writeFileSync(path.join(APP, "package.json"), JSON.stringify(MANIFEST, null, 2))
  fs.writeFileSync(path.join(APP, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2))
  fs.writeFileSync(path.join(APP, "next.config.js"), "module.exports = { eslint: { ignoreDuringBuilds: true } }\n")
  run("npm", ["install", "--no-audit", "--no-fund"], APP)
  const given = process.argv.slice(2).map((argument) => argument.split("="))
  if (given.length === 0) {
    const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", APP], path.join(ROOT, "packages", "storefront")).replace(/^[^[]*/, ""))
    given.push(["this checkout", path.join(APP, packed[0].filename)])
  }
  console.log(`Next.js ${MANIFEST.dependencies.next}, React ${MANIFEST.dependencies.react}; kB = 1000 B as next build counts; "layout + page": zlib's default gzip level`)
  build("no bindings", "none")
  for (const [label, tarball] of given) build(label, label.endsWith("client") ? "client" : "server", path.resolve(tarball))
}

main()
