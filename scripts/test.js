#!/usr/bin/env node
// `npm test`: every suite, against the PostgreSQL given by DATABASE_URL / DB_HOST or an
// embedded one started here and removed afterwards.
const fs = require("node:fs")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { startDatabase } = require("./lib/database")

const ROOT = path.resolve(__dirname, "..")
// Browser last: it is the slowest and needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
const SUITES = ["unit", "integration:modules", "integration:http", "integration:packaging", "browser"]

const run = (command, args, options) =>
  new Promise((resolve) => spawn(command, args, options).on("exit", (code) => resolve(code ?? 1)))

async function main() {
  const only = process.argv.slice(2)
  const suites = only.length ? SUITES.filter((suite) => only.includes(suite)) : SUITES
  const dataDir = path.join(ROOT, ".tmp", `test-postgres-${process.pid}`)
  const db = await startDatabase({ dataDir, keepData: false })
  let failed = false
  try {
    for (const suite of suites) {
      console.log(`\n=== ${suite} ===`)
      // Async on purpose: the embedded server's output pipes need this process's event loop.
      const status = await run(
        process.execPath,
        [require.resolve("jest/bin/jest"), "--runInBand", "--forceExit"],
        {
          cwd: ROOT,
          stdio: "inherit",
          env: { ...process.env, ...db.env, TEST_TYPE: suite, LOG_LEVEL: process.env.LOG_LEVEL ?? "error", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules`.trim() },
        }
      )
      if (status !== 0) {
        failed = true
      }
    }
  } finally {
    await db.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
