// `medusa db:migrate` takes over 10 s even when there is nothing to do (it syncs links, runs
// migration scripts, checks search indexes). The demo's own database remembers, in its
// comment, the build it was last migrated for, so later runs of the same build skip the
// command. A new or recreated database has no such comment and is migrated in full.
const { Client } = require("pg")
const { medusa } = require("../../scripts/lib/host-app")

const MARK_PREFIX = "launchdesk demo, migrated for build "

async function withClient(databaseUrl, work) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const readMark = (databaseUrl) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()"
    )
    return rows[0]?.comment ?? null
  })

const writeMark = (databaseUrl, mark) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query("SELECT current_database() AS name")
    // COMMENT takes no bind parameters: both parts are escaped by the driver instead.
    await client.query(`COMMENT ON DATABASE ${client.escapeIdentifier(rows[0].name)} IS ${client.escapeLiteral(mark)}`)
  })

/**
 * Runs `medusa db:migrate` unless the demo's own database was already migrated for this
 * build. A database given through DATABASE_URL is not the demo's: it always migrates.
 * @param {{ hostDir: string, env: Record<string, string>, databaseUrl: string, fingerprint: string,
 *   ownDatabase: boolean, step: (label: string) => void }} options
 */
async function migrateIfNeeded({ hostDir, env, databaseUrl, fingerprint, ownDatabase, step }) {
  const mark = `${MARK_PREFIX}${fingerprint}`
  if (ownDatabase && (await readMark(databaseUrl)) === mark) {
    step("Database already migrated for this build: skipping migrations")
    return
  }
  step("Running migrations")
  await medusa(hostDir, ["db:migrate"], env)
  if (ownDatabase) await writeMark(databaseUrl, mark)
}

module.exports = { migrateIfNeeded, withClient }
