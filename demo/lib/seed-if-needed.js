// The seed is idempotent, but `medusa exec` boots the whole app to run it (over 10 s). The
// demo skips it when its own database still holds what this same seed wrote last time:
// after seeding, one random mark goes both into the result file and onto the database's
// `public` schema (as its comment), so a wiped or recreated database, a seed stopped half
// way or a result file from another database never match. A database given through
// DATABASE_URL is not the demo's: it is always seeded.
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { medusa } = require("../../scripts/lib/host-app")
const { withClient } = require("./migrations")

const SEED_DIR = path.join(__dirname, "..", "seed")
const SEED_SCRIPT = path.join(SEED_DIR, "seed.js")

/** The seed's code and data, and the storefront URL it writes into the product images. */
function seedFingerprint(env) {
  const hash = crypto.createHash("sha256")
  for (const file of fs.readdirSync(SEED_DIR).sort()) {
    hash.update(`${file}\0`).update(fs.readFileSync(path.join(SEED_DIR, file)))
  }
  return hash.update(String(env.DEMO_STOREFRONT_URL)).digest("hex")
}

const readMark = (databaseUrl) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query("SELECT obj_description('public'::regnamespace, 'pg_namespace') AS comment")
    return rows[0]?.comment ?? null
  })

const writeMark = (databaseUrl, mark) =>
  withClient(databaseUrl, (client) => client.query(`COMMENT ON SCHEMA public IS ${client.escapeLiteral(mark)}`))

function readResult(resultFile) {
  try {
    return JSON.parse(fs.readFileSync(resultFile, "utf8"))
  } catch {
    return null
  }
}

// The seed moves a coming-soon date that has come; skipping it then would end the countdown.
const isoDay = (date) => date.toISOString().slice(0, 10)
const datesAhead = (result) => (result.comingSoonArrivalDates ?? []).every((date) => date > isoDay(new Date()))

/**
 * Runs the seed unless the demo's own database was seeded by this same seed, then returns
 * its result (what the banner and the storefront need).
 * @param {{ hostDir: string, env: Record<string, string>, databaseUrl: string, ownDatabase: boolean,
 *   resultFile: string, step: (label: string) => void }} options
 */
async function seedIfNeeded({ hostDir, env, databaseUrl, ownDatabase, resultFile, step }) {
  const fingerprint = seedFingerprint(env)
  const previous = readResult(resultFile)
  if (
    ownDatabase &&
    previous?.seedMark?.startsWith(`${fingerprint}:`) &&
    datesAhead(previous) &&
    (await readMark(databaseUrl)) === previous.seedMark
  ) {
    step("Database already seeded by this seed: skipping the seed")
    // Nothing was created by this run.
    return { ...previous, created: {} }
  }
  step("Seeding (admin user, publishable key, products, canned responses)")
  await medusa(hostDir, ["exec", SEED_SCRIPT, resultFile], env)
  const result = JSON.parse(fs.readFileSync(resultFile, "utf8"))
  if (ownDatabase) {
    const seedMark = `${fingerprint}:${crypto.randomUUID()}`
    await writeMark(databaseUrl, seedMark)
    fs.writeFileSync(resultFile, JSON.stringify({ ...result, seedMark }, null, 2))
  }
  return result
}

module.exports = { seedIfNeeded }
