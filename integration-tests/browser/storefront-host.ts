import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { spawn } from "node:child_process"
import { ROOT, createHostApp, medusa, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { closeServer } from "../utils/fake-server"
import { requestJson, startHostWorkspace } from "../utils/host-workspace"

/** What `demo/seed/seed.js` writes: the demo store's admin, key and products. */
export type DemoSeed = {
  admin: { email: string; password: string }
  publishableKey: string
  productHandles: string[]
  comingSoonHandles: string[]
}

export type StorefrontHost = {
  backendUrl: string
  hostDir: string
  tarball: string
  /** The plugin's storefront folder as the host installed it from the tarball. */
  bundleDir: string
  seed: DemoSeed
  /** Calls the Admin API as the seeded admin (bearer token). */
  admin: <T>(method: "GET" | "POST" | "DELETE", route: string, body?: unknown) => Promise<T>
  stop: () => Promise<void>
}

/**
 * The packed plugin installed in a host store (no dashboard), migrated (under `npm test`: a
 * copy of the run's host template), seeded with the demo's own seed script and served by
 * `medusa start`. `storefrontOrigins` are allowed by
 * `storeCors`, so pages served there call the store routes with the visitor cookie.
 */
export async function startStorefrontHost({
  pluginOptions,
  storefrontOrigins,
  demoStorefrontUrl,
}: {
  pluginOptions: object
  storefrontOrigins: string[]
  demoStorefrontUrl: string
}): Promise<StorefrontHost> {
  const workspace = await startHostWorkspace({ name: "storefront", fromTemplate: true })
  try {
    const { workDir, tarball } = workspace
    const hostDir = await createHostApp({
      dir: path.join(workDir, "host"),
      tarball,
      // The specs tell shoppers apart by X-Forwarded-For, sent from this machine as a local proxy would.
      pluginOptions: { cookieSecure: false, clientIp: { trustProxy: "loopback" }, ...pluginOptions },
    })
    const port = await freePort()
    const backendUrl = `http://localhost:${port}`
    const env = {
      DATABASE_URL: workspace.databaseUrl,
      STORE_CORS: storefrontOrigins.join(","),
      DEMO_STOREFRONT_URL: demoStorefrontUrl,
    }
    if (!workspace.migrated) await medusa(hostDir, ["db:migrate"], env)
    const seedFile = path.join(workDir, "seed.json")
    await medusa(hostDir, ["exec", path.join(ROOT, "demo", "seed", "seed.js"), seedFile], env)
    const seed = JSON.parse(fs.readFileSync(seedFile, "utf8")) as DemoSeed
    const server = await startServer(hostDir, { port, env })
    workspace.onStop(() => server.stop())

    const { token } = await requestJson<{ token: string }>(`${backendUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(seed.admin),
    })
    const admin = <T>(method: "GET" | "POST" | "DELETE", route: string, body?: unknown) =>
      requestJson<T>(`${backendUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const bundleDir = path.join(hostDir, "node_modules", "medusa-plugin-launchdesk", ".medusa", "storefront")
    return { backendUrl, hostDir, tarball, bundleDir, seed, admin, stop: workspace.stop }
  } catch (error) {
    await workspace.stop()
    throw error
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
}

export type PageHandler = (url: URL) => { type?: string; body: string; headers?: Record<string, string> } | null

/**
 * The storefront pages of the tests on their own origin: `/launchdesk/*` from the installed
 * package (what a store serves), everything else from `pages`.
 */
export class StorefrontPages {
  private readonly server: http.Server
  private handler: PageHandler = () => null

  constructor(
    private readonly port: number,
    private readonly bundleDir: () => string
  ) {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", `http://localhost:${this.port}`)
      if (url.pathname.startsWith("/launchdesk/")) {
        const file = path.resolve(this.bundleDir(), `.${url.pathname.slice("/launchdesk".length)}`)
        if (file.startsWith(this.bundleDir() + path.sep) && fs.existsSync(file)) {
          res.writeHead(200, { "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream" })
          res.end(fs.readFileSync(file))
          return
        }
      }
      const page = this.handler(url)
      if (!page) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
        return
      }
      res.writeHead(200, { "content-type": page.type ?? CONTENT_TYPES[".html"], "cache-control": "no-store", ...page.headers })
      res.end(page.body)
    })
  }

  get url() {
    return `http://localhost:${this.port}`
  }

  serve(handler: PageHandler) {
    this.handler = handler
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(this.port, resolve))
    return (this.server.address() as AddressInfo).port
  }

  stop() {
    return closeServer(this.server)
  }
}

/**
 * The demo's own storefront server (demo/lib/storefront-server.js) serving demo/storefront,
 * with the bundle from `bundleDir`. In a child process: jest does not load modules from demo/.
 */
export async function startDemoStorefront(options: {
  port: number
  config: Record<string, unknown>
  bundleDir: string
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = `
    const { startStorefront } = require(${JSON.stringify(path.join(ROOT, "demo", "lib", "storefront-server.js"))})
    startStorefront(JSON.parse(process.env.DEMO_STOREFRONT_OPTIONS)).then((server) => {
      process.on("SIGTERM", () => server.stop().then(() => process.exit(0)))
      console.log("listening")
    })`
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, DEMO_STOREFRONT_OPTIONS: JSON.stringify(options) },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (String(chunk).includes("listening")) resolve()
    })
    child.on("exit", (code) => reject(new Error(`the demo storefront exited ${code}`)))
  })
  return {
    url: `http://localhost:${options.port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}
