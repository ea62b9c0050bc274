// Serves demo/storefront as static files, plus a generated /config.js that tells the page
// where the backend is and which publishable key to send, and the plugin's storefront
// bundle under /launchdesk/ (from the package installed in the demo host, as a store gets it).
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")
const { DATA_DIR } = require("./demo-host")

const STOREFRONT_DIR = path.resolve(__dirname, "../storefront")
const BUNDLE_DIR = path.join(DATA_DIR, "demo-host", "node_modules", "medusa-plugin-launchdesk", ".medusa", "storefront")
const BUNDLE_PREFIX = "/launchdesk/"

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
}

/** The file a request path names, or null when it would leave its folder. */
function fileFor(urlPath, bundleDir) {
  const [root, rest] = urlPath.startsWith(BUNDLE_PREFIX)
    ? [bundleDir, urlPath.slice(BUNDLE_PREFIX.length - 1)]
    : [STOREFRONT_DIR, urlPath === "/" ? "/index.html" : urlPath]
  let relative
  try {
    relative = decodeURIComponent(rest)
  } catch {
    return null // malformed percent-encoding
  }
  const file = path.resolve(root, `.${relative}`)
  return file.startsWith(root + path.sep) ? file : null
}

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function sendFile(res, file, config) {
  fs.readFile(file, (error, content) => {
    if (error) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
      return
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream"
    // The script tag's attributes, as a store would write them by hand.
    const body =
      path.extname(file) === ".html"
        ? String(content)
            .replaceAll("%LAUNCHDESK_PUBLISHABLE_KEY%", escapeHtml(config.publishableKey))
            .replaceAll("%LAUNCHDESK_BACKEND_URL%", escapeHtml(config.backendUrl))
        : content
    // no-store: edits to the page show up on reload, and config.js always matches this run.
    res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body)
  })
}

/**
 * `bundleDir` is where /launchdesk/ is served from (default: the demo host's installed package).
 * @param {{ port: number, config: { backendUrl: string, publishableKey: string, productHandles: string[], comingSoonHandles?: string[] }, bundleDir?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
function startStorefront({ port, config, bundleDir = BUNDLE_DIR }) {
  const configScript = `window.DEMO_CONFIG = ${JSON.stringify(config, null, 2)}\n`
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://storefront")
    if (pathname === "/config.js") {
      res.writeHead(200, { "content-type": CONTENT_TYPES[".js"], "cache-control": "no-store" }).end(configScript)
      return
    }
    const file = req.method === "GET" || req.method === "HEAD" ? fileFor(pathname, bundleDir) : null
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
      return
    }
    sendFile(res, file, config)
  })
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, () => {
      resolve({
        url: `http://localhost:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}

module.exports = { startStorefront }
