import fs from "node:fs"
import path from "node:path"
import { ROOT, packPlugin } from "../../scripts/lib/host-app"
import { startDatabase } from "../../scripts/lib/database"
import { HOST_DATABASE_VARIABLE } from "../../scripts/lib/host-template"

export type Database = Pick<
  Awaited<ReturnType<typeof startDatabase>>,
  "env" | "url" | "createDatabase" | "dropDatabase" | "stop" | "halt" | "resume" | "embedded"
>

export type HostWorkspace = {
  /** A fresh folder under `.tmp`, removed on `stop`. */
  workDir: string
  /** The packed plugin, as a store installs it. */
  tarball: string
  db: Database
  /** The host's own database on `db`. */
  databaseUrl: string
  /**
   * The database is a copy of the run's host template (scripts/lib/host-template.js): migrated
   * and holding the store owner, so the host neither migrates nor creates the owner again.
   */
  migrated: boolean
  /** Runs `cleanup` on `stop`, before everything registered earlier. */
  onStop: (cleanup: () => Promise<void>) => void
  /** Undoes everything, newest first, whatever fails on the way. */
  stop: () => Promise<void>
}

/** Calls a host's API; any status but 2xx throws with the answer's body. */
export async function requestJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init)
  const text = await response.text()
  if (!response.ok) {
    throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${text}`)
  }
  // A 204 (typing, read) has no body.
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * What every test host of the packed plugin starts from: a work folder, the tarball (packed
 * there, or by `pack`) and a database of its own, on the suite's PostgreSQL or on the server
 * `startDatabase` returns. With `fromTemplate`, the database is a copy of the run's host
 * template when `npm test` made one on that server (`migrated`), else empty. The caller
 * registers what it starts with `onStop`, and calls `stop` when done or when its own start
 * fails; a failure here cleans up by itself.
 */
export async function startHostWorkspace({
  name,
  startDatabase: start = (dataDir) => startDatabase({ dataDir, keepData: false }),
  pack = packPlugin,
  fromTemplate = false,
}: {
  name: string
  startDatabase?: (dataDir: string) => Promise<Database>
  pack?: (packDir: string) => Promise<string>
  fromTemplate?: boolean
}): Promise<HostWorkspace> {
  const workDir = path.join(ROOT, ".tmp", `${name}-${process.pid}-${Date.now()}`)
  const databaseName = `launchdesk_${name.replace(/\W/g, "_")}_${process.pid}_${Date.now()}`
  const cleanups: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
    fs.rmSync(workDir, { recursive: true, force: true })
  }
  try {
    // Both at once; a database that started beside a failed pack is still stopped.
    const [packed, started] = await Promise.allSettled([pack(path.join(workDir, "pack")), start(path.join(workDir, "postgres"))])
    if (started.status === "fulfilled") cleanups.push(() => started.value.stop())
    if (packed.status === "rejected") throw packed.reason
    if (started.status === "rejected") throw started.reason
    const [tarball, db] = [packed.value, started.value]
    // The template lives on the run's shared server, never on a server of the host's own.
    const template = fromTemplate && !db.embedded ? process.env[HOST_DATABASE_VARIABLE] : undefined
    await db.createDatabase(databaseName, { template })
    cleanups.push(() => db.dropDatabase(databaseName))
    return {
      workDir,
      tarball,
      db,
      databaseUrl: db.url(databaseName),
      migrated: Boolean(template),
      onStop: (cleanup) => cleanups.push(cleanup),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
