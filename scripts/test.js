#!/usr/bin/env node
// `npm test`: every suite, against the PostgreSQL given by DATABASE_URL / DB_HOST or an
// embedded one started here and removed afterwards.
const fs = require("node:fs")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { startDatabase } = require("./lib/database")
const { failuresIn } = require("./lib/test-report")

const ROOT = path.resolve(__dirname, "..")
// Types first: the server, the admin, the storefront and the tests each type-check as their
// own project (the build skips the tests, and Jest's transform does not check types).
const TYPE_PROJECTS = ["tsconfig.json", "src/admin/tsconfig.json", "src/storefront/tsconfig.json", "integration-tests/tsconfig.json"]
// Faults restart a PostgreSQL of their own under a packed host. The topology runs a packed host
// as Medusa's production topology on Redis (REDIS_URL). Browser last: it is the slowest and
// needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
const SUITES = ["types", "unit", "integration:modules", "integration:http", "integration:packaging", "faults", "integration:topology", "browser"]
// Suites that need an outside service; without it they are reported as not run, never as passed.
const NEEDS = { "integration:topology": { variable: "REDIS_URL", why: "it runs Medusa's Redis modules against a Redis server" } }

// The HTTP specs each boot a whole Medusa app; one Jest process holding all of them grows
// past Node's default heap, so they run in several processes of a few specs each.
const SHARDS = { "integration:http": 4 }

const run = (command, args, options) =>
  new Promise((resolve) => spawn(command, args, options).on("exit", (code) => resolve(code ?? 1)))

/** Runs one Jest process; returns its counts and failures (a crashed run counts as one failure). */
async function runJest(suite, shard, env) {
  const report = path.join(ROOT, ".tmp", `jest-${process.pid}-${suite.replace(":", "-")}-${shard?.replace("/", "-of-") ?? "all"}.json`)
  fs.rmSync(report, { force: true })
  const label = `${suite}${shard ? ` shard ${shard}` : ""}`
  const args = [require.resolve("jest/bin/jest"), "--runInBand", "--forceExit", "--json", `--outputFile=${report}`]
  if (shard) args.push(`--shard=${shard}`)
  // Async on purpose: the embedded server's output pipes need this process's event loop.
  const status = await run(process.execPath, args, { cwd: ROOT, stdio: "inherit", env: { ...env, TEST_TYPE: suite } })
  if (!fs.existsSync(report)) {
    const failure = `${label}: ended (exit ${status}) without a report`
    console.error(`[test] ${failure}`)
    return { passed: 0, failed: 1, failures: [failure] }
  }
  const result = JSON.parse(fs.readFileSync(report, "utf8"))
  fs.rmSync(report, { force: true })
  const { numPassedTests, numFailedTests, numRuntimeErrorTestSuites } = result
  const failed = numFailedTests + numRuntimeErrorTestSuites + (status !== 0 && numFailedTests === 0 ? 1 : 0)
  const failures = failuresIn(result, ROOT)
  if (failed && !failures.length) failures.push(`${label}: exit ${status}`)
  return { passed: numPassedTests, failed, failures }
}

/** Type-checks each project; one check per project. */
async function checkTypes() {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] })
  const counts = { passed: 0, failed: 0, failures: [] }
  for (const project of TYPE_PROJECTS) {
    const status = await run(process.execPath, [tsc, "--noEmit", "-p", project], { cwd: ROOT, stdio: "inherit" })
    console.log(`[types] ${project}: ${status === 0 ? "ok" : "errors"}`)
    counts[status === 0 ? "passed" : "failed"]++
    if (status !== 0) counts.failures.push(`types: ${project} has type errors (above)`)
  }
  return counts
}

async function main() {
  const only = process.argv.slice(2)
  const suites = only.length ? SUITES.filter((suite) => only.includes(suite)) : SUITES
  fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true })
  const dataDir = path.join(ROOT, ".tmp", `test-postgres-${process.pid}`)
  const db = await startDatabase({ dataDir, keepData: false, durable: false })
  const env = {
    ...process.env,
    ...db.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules`.trim(),
  }
  const total = { passed: 0, failed: 0 }
  const failures = []
  try {
    for (const suite of suites) {
      if (suite === "types") {
        console.log("\n=== types ===")
        const counts = await checkTypes()
        total.passed += counts.passed
        total.failed += counts.failed
        failures.push(...counts.failures)
        continue
      }
      const need = NEEDS[suite]
      if (need && !process.env[need.variable]) {
        console.log(`\n=== ${suite}: not run, ${need.variable} is not set (${need.why}) ===`)
        continue
      }
      const shards = SHARDS[suite] ?? 1
      for (let index = 1; index <= shards; index++) {
        const shard = shards > 1 ? `${index}/${shards}` : undefined
        console.log(`\n=== ${suite}${shard ? ` (part ${shard})` : ""} ===`)
        const counts = await runJest(suite, shard, env)
        total.passed += counts.passed
        total.failed += counts.failed
        failures.push(...counts.failures)
      }
    }
  } finally {
    await db.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`)
  console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed`)
  process.exit(total.failed || !total.passed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
