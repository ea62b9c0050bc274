import fs from "node:fs"
import path from "node:path"
import { createHostApp, medusa, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { DASHBOARD_VARIABLE, HOST_TSCONFIG, buildDashboard } from "../../scripts/lib/host-template"
import { postJson, signInOwner } from "../../scripts/lib/store-owner"
import { startHostWorkspace } from "../utils/host-workspace"

export type Server = Awaited<ReturnType<typeof startServer>>

export type AdminHost = {
  server: Server
  hostDir: string
  env: Record<string, string>
  publishableKey: string
  /** Adds a dashboard user as a store owner adds a team member: invited by the owner, who accepts. */
  addTeamMember: (email: string, password: string) => Promise<void>
  stop: () => Promise<void>
}

/**
 * The packed plugin installed in a host store with the dashboard built (the plugin's admin
 * extensions included) and served by `medusa start`, as in production. Under `npm test` the
 * database and the build are copies of the run's host template (scripts/lib/host-template.js);
 * alone, the host migrates, creates the owner and builds the dashboard itself.
 */
export async function startAdminHost({ pluginOptions = {} }: { pluginOptions?: object } = {}): Promise<AdminHost> {
  const workspace = await startHostWorkspace({ name: "browser", fromTemplate: true })
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
    const migrated = workspace.migrated ? Promise.resolve() : medusa(hostDir, ["db:migrate"], env)
    await Promise.all([installDashboard(hostDir, env), migrated])

    const server = await startServer(hostDir, { port: await freePort(), env })
    workspace.onStop(() => server.stop())
    const owner = { authorization: `Bearer ${await signInOwner({ dir: hostDir, env, baseUrl: server.url, ownerExists: workspace.migrated })}` }
    const { api_key } = await postJson(`${server.url}/admin/api-keys`, { title: "Storefront", type: "publishable" }, owner)
    return {
      server,
      hostDir,
      env,
      publishableKey: api_key.token,
      addTeamMember: async (email, password) => {
        const { invite } = await postJson(`${server.url}/admin/invites`, { email }, owner)
        const { token } = await postJson(`${server.url}/auth/user/emailpass/register`, { email, password })
        await postJson(
          `${server.url}/admin/invites/accept?token=${encodeURIComponent(invite.token)}`,
          // No names, as the CLI makes one: the inbox then shows the email and the widget "Support".
          { email },
          { authorization: `Bearer ${token}` }
        )
      },
      stop: workspace.stop,
    }
  } catch (error) {
    await workspace.stop()
    throw error
  }
}

/**
 * Puts the dashboard where `medusa start` serves it (`<host>/public/admin`): a copy of the run's
 * build when `npm test` made one (every admin host installs the same plugin with the same admin
 * options, so their builds would be equal), else a build of this host's own (a few minutes).
 */
async function installDashboard(hostDir: string, env: Record<string, string>) {
  const built = process.env[DASHBOARD_VARIABLE] || (await buildDashboard(hostDir, env))
  const served = path.join(hostDir, "public", "admin")
  fs.mkdirSync(path.dirname(served), { recursive: true })
  fs.cpSync(built, served, { recursive: true })
}

/**
 * Retries `check` until it returns a value (not undefined) or the time is up. `what` may be a
 * function: it is read when the time is up, so the error can tell what the page showed last.
 */
export async function waitFor<T>(check: () => Promise<T | undefined>, { timeoutMs = 15000, what = "condition" as string | (() => string) } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "function" ? what() : what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
