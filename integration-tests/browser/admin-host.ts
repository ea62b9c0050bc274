import fs from "node:fs"
import path from "node:path"
import { createHostApp, medusa, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { createPublishableKey } from "../../scripts/lib/store-owner"
import { startHostWorkspace } from "../utils/host-workspace"

export type Server = Awaited<ReturnType<typeof startServer>>

// `medusa build --admin-only` refuses to run without a tsconfig that has at least one input.
const HOST_TSCONFIG = JSON.stringify({
  compilerOptions: { allowJs: true, target: "ES2021", module: "Node16", outDir: ".medusa/server" },
  include: ["medusa-config.js"],
})

export type AdminHost = {
  server: Server
  hostDir: string
  env: Record<string, string>
  publishableKey: string
  /** Creates a dashboard user with the Medusa CLI, as a store owner does. */
  createUser: (email: string, password: string) => Promise<void>
  stop: () => Promise<void>
}

/**
 * The packed plugin installed in a host store with the dashboard built (the plugin's admin
 * extensions included) and served by `medusa start`, as in production.
 */
export async function startAdminHost({ pluginOptions = {} }: { pluginOptions?: object } = {}): Promise<AdminHost> {
  const workspace = await startHostWorkspace({ name: "browser" })
  try {
    const hostDir = await createHostApp({
      dir: path.join(workspace.workDir, "host"),
      tarball: workspace.tarball,
      admin: true,
      // The specs tell shoppers apart by X-Forwarded-For, sent from this machine as a local proxy would.
      pluginOptions: { cookieSecure: false, clientIp: { trustProxy: "loopback" }, ...pluginOptions },
      // `medusa start` runs in production mode: without "auto" the session cookie is Secure
      // and never set over the test's plain http, and the login would loop.
      projectConfig: { cookieOptions: { secure: "auto" } },
      files: { "tsconfig.json": HOST_TSCONFIG },
    })
    const env = { DATABASE_URL: workspace.databaseUrl }
    await Promise.all([buildDashboard(hostDir, env), medusa(hostDir, ["db:migrate"], env)])

    const server = await startServer(hostDir, { port: await freePort(), env })
    workspace.onStop(() => server.stop())
    const publishableKey = await createPublishableKey({ dir: hostDir, env, baseUrl: server.url })
    return {
      server,
      hostDir,
      env,
      publishableKey,
      createUser: async (email, password) => {
        await medusa(hostDir, ["user", "-e", email, "-p", password], env)
      },
      stop: workspace.stop,
    }
  } catch (error) {
    await workspace.stop()
    throw error
  }
}

/** Builds the dashboard where `medusa start` serves it (`<host>/public/admin`). */
async function buildDashboard(hostDir: string, env: Record<string, string>) {
  // The dashboard's Tailwind finds a plugin's classes with `require.resolve("<plugin>/admin")`
  // from Medusa's own folder, which is the repository's node_modules here, not the host's:
  // NODE_PATH lets it find the installed plugin (a real store needs nothing of the kind).
  const nodePath = [path.join(hostDir, "node_modules"), process.env.NODE_PATH].filter(Boolean).join(path.delimiter)
  await medusa(hostDir, ["build", "--admin-only"], { ...env, NODE_PATH: nodePath })
  const served = path.join(hostDir, "public", "admin")
  fs.mkdirSync(path.dirname(served), { recursive: true })
  fs.renameSync(path.join(hostDir, ".medusa", "admin"), served)
}

/** Retries `check` until it returns a value (not undefined) or the time is up. */
export async function waitFor<T>(check: () => Promise<T | undefined>, { timeoutMs = 15000, what = "condition" } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
