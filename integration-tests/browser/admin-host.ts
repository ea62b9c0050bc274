import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { createHostApp, medusa, PACKED_PLUGIN_VARIABLE, startServer } from "../../scripts/lib/host-app"
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
    await Promise.all([installDashboard(hostDir, workspace.tarball, env), medusa(hostDir, ["db:migrate"], env)])

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

/** How long a dashboard build may hold its lock before the others give up waiting. */
const DASHBOARD_BUILD_TIMEOUT_MS = 15 * 60 * 1000

/**
 * Puts the dashboard of `tarball` where `medusa start` serves it (`<host>/public/admin`). The
 * build (a Vite build of a few minutes) is made once per packed plugin and kept beside the
 * tarball `npm test` packed for every suite, under the tarball's content hash: every admin
 * host installs the same plugin with the same admin options, so their builds would be equal.
 */
async function installDashboard(hostDir: string, tarball: string, env: Record<string, string>) {
  const built = await cachedDashboard(hostDir, tarball, env)
  const served = path.join(hostDir, "public", "admin")
  fs.mkdirSync(path.dirname(served), { recursive: true })
  fs.cpSync(built, served, { recursive: true })
}

/**
 * `<packed tarball's folder>/dashboard-<sha256>`, built by the first host that asks. Jest runs
 * each spec file in a process of its own: the first takes a lock (a folder: `mkdir` either
 * creates it or fails), builds, and renames the finished build into place, so a folder that
 * exists is complete; the others wait for it. A lock whose process is gone is taken over.
 */
async function cachedDashboard(hostDir: string, tarball: string, env: Record<string, string>) {
  // The workspace's tarball is a copy, removed with the workspace; the packed original outlives it.
  const original = process.env[PACKED_PLUGIN_VARIABLE] || tarball
  const sha = createHash("sha256").update(fs.readFileSync(tarball)).digest("hex")
  const cached = path.join(path.dirname(original), `dashboard-${sha}`)
  const lock = `${cached}.lock`
  const deadline = Date.now() + DASHBOARD_BUILD_TIMEOUT_MS
  while (!fs.existsSync(cached)) {
    if (takeLock(lock)) {
      try {
        if (!fs.existsSync(cached)) {
          const output = await buildDashboard(hostDir, env)
          const staged = `${cached}.${process.pid}`
          fs.rmSync(staged, { recursive: true, force: true })
          fs.cpSync(output, staged, { recursive: true })
          publish(staged, cached)
        }
      } finally {
        fs.rmSync(lock, { recursive: true, force: true })
      }
    } else {
      if (Date.now() > deadline) throw new Error(`timed out waiting for the dashboard build in ${lock}`)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  return cached
}

/** Renames `staged` to `cached`; one that another process published meanwhile (a lock taken over twice) is kept. */
function publish(staged: string, cached: string) {
  try {
    fs.renameSync(staged, cached)
  } catch (error) {
    if (!fs.existsSync(cached)) throw error
    fs.rmSync(staged, { recursive: true, force: true })
  }
}

/** Creates the lock folder with this process's id inside; takes over one whose process has ended. */
function takeLock(lock: string) {
  try {
    fs.mkdirSync(lock)
    fs.writeFileSync(path.join(lock, "pid"), String(process.pid))
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
  if (!lockAbandoned(lock)) return false
  fs.rmSync(lock, { recursive: true, force: true })
  return takeLock(lock)
}

/** The lock's process has ended, or it never wrote its id (a minute after the folder was made). */
function lockAbandoned(lock: string) {
  try {
    const owner = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"))
    if (owner > 0) {
      process.kill(owner, 0)
      return false
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ESRCH") return true
    if (code !== "ENOENT") return false
  }
  try {
    return Date.now() - fs.statSync(lock).mtimeMs > 60_000
  } catch {
    // Released meanwhile: the next round takes it.
    return false
  }
}

/** `medusa build --admin-only` in the host; returns the folder it wrote (`<host>/.medusa/admin`). */
async function buildDashboard(hostDir: string, env: Record<string, string>) {
  // The dashboard's Tailwind finds a plugin's classes with `require.resolve("<plugin>/admin")`
  // from Medusa's own folder, which is the repository's node_modules here, not the host's:
  // NODE_PATH lets it find the installed plugin (a real store needs nothing of the kind).
  const nodePath = [path.join(hostDir, "node_modules"), process.env.NODE_PATH].filter(Boolean).join(path.delimiter)
  await medusa(hostDir, ["build", "--admin-only"], { ...env, NODE_PATH: nodePath })
  return path.join(hostDir, ".medusa", "admin")
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
