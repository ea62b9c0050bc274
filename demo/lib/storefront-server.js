// Serves demo/storefront as static files, plus a generated /config.js that tells the page
// where the backend is and which publishable key to send.
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")

const STOREFRONT_DIR = path.resolve(__dirname, "../storefront")

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
}

/** The file a request path names, or null when it would leave the storefront folder. */
function fileFor(urlPath) {
  let relative
  try {
    relative = decodeURIComponent(urlPath === "/" ? "/index.html" : urlPath)
  } catch {
    return null // malformed percent-encoding
  }
  const file = path.resolve(STOREFRONT_DIR, `.${relative}`)
  return file.startsWith(STOREFRONT_DIR + path.sep) ? file : null
}

function sendFile(res, file) {
  fs.readFile(file, (error, content) => {
    if (error) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
      return
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream"
    // no-store: edits to the page show up on reload, and config.js always matches this run.
    res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(content)
  })
}

/**
 * @param {{ port: number, config: { backendUrl: string, publishableKey: string, productHandles: string[] } }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
function startStorefront({ port, config }) {
  const configScript = `window.DEMO_CONFIG = ${JSON.stringify(config, null, 2)}\n`
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://storefront")
    if (pathname === "/config.js") {
      res.writeHead(200, { "content-type": CONTENT_TYPES[".js"], "cache-control": "no-store" }).end(configScript)
      return
    }
    const file = req.method === "GET" || req.method === "HEAD" ? fileFor(pathname) : null
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
      return
    }
    sendFile(res, file)
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
