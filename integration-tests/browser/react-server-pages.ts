// A product page of the React bindings rendered on the server, as a Next.js server component
// does it: getComingSoonState from `medusa-plugin-launchdesk/react/server` against the host,
// the page rendered with react-dom/server and <ComingSoonGate initialState>, then hydrated in
// the browser by a bundle of the same app.
import fs from "node:fs"
import path from "node:path"
import { createRequire } from "node:module"
import { build } from "esbuild"
import type { StorefrontHost } from "./storefront-host"

type ProductRef = { id: string; handle: string; title: string }
type ServedPage = { type?: string; body: string }

/** The app both sides run: the add-to-cart gated by the state the server found. */
const APP_SOURCE = `
import { createElement as h, useEffect } from "react"
import { ComingSoonGate, LaunchDeskProvider } from "medusa-plugin-launchdesk/react"

export function App({ config, product, initialState }) {
  useEffect(() => {
    document.body.dataset.hydrated = "true"
  }, [])
  return h(
    LaunchDeskProvider,
    { publishableKey: config.publishableKey, backendUrl: config.backendUrl },
    h(
      "section",
      { "data-testid": "product-" + product.handle },
      h("h2", null, product.title),
      h(
        ComingSoonGate,
        { product, initialState, fallback: h("p", null, "Checking…") },
        h("button", { type: "button", "data-testid": "add-product-button" }, "Add to cart")
      )
    )
  )
}
`

// React's recoverable errors (a hydration mismatch among them) are kept for the test to read.
const HYDRATE_SOURCE = `
import { createElement as h } from "react"
import { hydrateRoot } from "react-dom/client"
import { App } from "./react-server-app.js"

window.__recoverableErrors = []
hydrateRoot(document.getElementById("root"), h(App, window.__TEST_PROPS__), {
  onRecoverableError: (error) => window.__recoverableErrors.push(String(error && error.message)),
})
`

const page = (html: string, props: object) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Server-rendered React product</title>
  <script>window.__TEST_PROPS__ = ${JSON.stringify(props).replace(/</g, "\\u003c")}</script>
  <script src="/react-server-app.js" defer></script>
</head>
<body><main id="root">${html}</main></body>
</html>`

/**
 * Serves `/react-server/<handle>` for `products`, each rendered with the state getComingSoonState
 * found for it when the session started, and `/react-server-app.js`, the hydrating bundle.
 */
export async function serverRenderedProducts(host: StorefrontHost, products: ProductRef[]): Promise<(url: URL) => ServedPage | null> {
  const dir = path.join(host.hostDir, "react-server-page")
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, "react-server-app.js"), APP_SOURCE)
  fs.writeFileSync(path.join(dir, "hydrate.js"), HYDRATE_SOURCE)
  const common = { bundle: true, write: true, logLevel: "silent" as const, define: { "process.env.NODE_ENV": '"production"' } }
  // The server's copy leaves react and the plugin to the host's node_modules, as a Next.js server does.
  await build({ ...common, entryPoints: [path.join(dir, "react-server-app.js")], outfile: path.join(dir, "server-app.cjs"), platform: "node", format: "cjs", packages: "external" })
  await build({ ...common, entryPoints: [path.join(dir, "hydrate.js")], outfile: path.join(dir, "client.js"), format: "iife" })
  const client = fs.readFileSync(path.join(dir, "client.js"), "utf8")

  const hostRequire = createRequire(path.join(dir, "server-app.cjs"))
  const { createElement } = hostRequire("react")
  const { renderToString } = hostRequire("react-dom/server")
  const { App } = hostRequire("./server-app.cjs")
  const { getComingSoonState } = hostRequire("medusa-plugin-launchdesk/react/server")

  const config = { backendUrl: host.backendUrl, publishableKey: host.seed.publishableKey }
  const rendered = new Map<string, ServedPage>()
  for (const product of products) {
    const initialState = await getComingSoonState(product.id, config)
    const props = { config, product: { id: product.id, handle: product.handle, title: product.title }, initialState }
    rendered.set(product.handle, { body: page(renderToString(createElement(App, props)), props) })
  }
  return (url) => {
    if (url.pathname === "/react-server-app.js") return { type: "text/javascript", body: client }
    const handle = /^\/react-server\/([\w-]+)$/.exec(url.pathname)?.[1]
    return (handle && rendered.get(handle)) || null
  }
}
