// The pieces `npm test` (scripts/test.js) and `npm run test:repeat` (scripts/repeat.js) are
// made of: the run's PostgreSQL and packed plugin, one Jest process per job with its output kept
// in a file, and busy processes that load the machine as a busy CI runner would.
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { MIGRATED_DATABASE_VARIABLE, startDatabase } = require("./database")
const { PACKED_PLUGIN_VARIABLE, medusa, packPlugin } = require("./host-app")
const { DASHBOARD_VARIABLE, HOST_DATABASE_VARIABLE, prepareHostTemplate } = require("./host-template")
const { failuresIn } = require("./test-report")

const ROOT = path.resolve(__dirname, "../..")
const JEST = require.resolve("jest/bin/jest", { paths: [ROOT] })

// Suites whose specs install the packed plugin into a host store: it is built once for all of them.
const PACKED_SUITES = new Set(["integration:packaging", "faults", "integration:topology", "browser"])
// A job still running after this is killed and counted as failed, so a hang cannot eat CI's time.
const JOB_TIMEOUT_MS = 25 * 60 * 1000
// Suites whose specs boot Medusa apps with medusaIntegrationTestRunner (integration-tests/utils/medusa-runner.ts):
// they start from a database migrated once for the run.
const MIGRATED_SUITES = new Set(["integration:http"])
// The suite whose hosts start from the run's host template (scripts/lib/host-template.js), and
// its specs that also serve the dashboard.
const TEMPLATE_SUITE = "browser"
const needsDashboard = (file) => /(^|\/)admin-[^/]*\.spec\.[jt]s$/.test(file)
// Suites that need an outside service; without it they are reported as not run, never as passed.
const NEEDS = { "integration:topology": { variable: "REDIS_URL", why: "it runs Medusa's Redis modules against a Redis server" } }
// Where each suite's specs live (jest.config.js matches them by TEST_TYPE), for a path given alone.
const SUITE_OF_FOLDER = [
  ["integration-tests/http/", "integration:http"],
  ["integration-tests/packaging/", "integration:packaging"],
  ["integration-tests/faults/", "faults"],
  ["integration-tests/topology/", "integration:topology"],
  ["integration-tests/browser/", "browser"],
  ["src/modules/", "integration:modules"],
]

/** The suite (TEST_TYPE) a spec file belongs to. */
function suiteOf(file) {
  const relative = path.relative(ROOT, path.resolve(file)).split(path.sep).join("/")
  if (relative.endsWith(".unit.spec.ts") || relative.endsWith(".unit.spec.js")) return "unit"
  const found = SUITE_OF_FOLDER.find(([folder]) => relative.startsWith(folder))
  if (!found) throw new Error(`${file}: not a spec of any suite (see jest.config.js)`)
  return found[1]
}

// Medusa's runner re-creates a spec's database from a snapshot before every test (about 1,300
// copies of an 18 MB database in a run). On the CI machine's disk a copy took ~600 ms; in memory
// ~70 ms, so the run's PostgreSQL keeps its data in memory when the machine has a tmpfs with room.
const MEMORY_FOLDER = "/dev/shm"
const MEMORY_NEEDED_BYTES = 4 * 1024 ** 3

/** Where the run's PostgreSQL keeps its data: a new folder in memory if there is room, else in the run's folder. */
function databaseFolder(runDir) {
  try {
    const { bavail, bsize } = fs.statfsSync(MEMORY_FOLDER)
    if (bavail * bsize >= MEMORY_NEEDED_BYTES) return fs.mkdtempSync(path.join(MEMORY_FOLDER, "launchdesk-test-"))
  } catch {
    // no such folder (macOS, Windows): the disk it is
  }
  return path.join(runDir, "postgres")
}

/**
 * The run's environment: a PostgreSQL (embedded unless DATABASE_URL / DB_HOST) and, as asked,
 * the packed plugin (`pack`), a database migrated once for every Medusa app spec (`migrate`)
 * and the browser hosts' template (`hostTemplate`, with the dashboard when `dashboard`).
 * `env` is ready for every job; `envFor(suite, files)` waits for what those spec files need,
 * so jobs that need none of it start at once.
 */
async function prepareRun({ pack, migrate, hostTemplate = false, dashboard = false }) {
  const runDir = path.join(ROOT, ".tmp", `test-run-${process.pid}`)
  fs.mkdirSync(runDir, { recursive: true })
  const dataDir = databaseFolder(runDir)
  const db = await startDatabase({ dataDir, keepData: false, durable: false })
  const env = {
    ...process.env,
    ...db.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules`.trim(),
  }
  // One after the other: `plugin:build` rewrites the repository's .medusa/ that the CLI may read.
  const packed = pack ? packPlugin(path.join(runDir, "pack")) : Promise.resolve(undefined)
  const migrated = packed.then(() => (migrate ? migrateOnce(db, env) : undefined))
  const template = hostTemplate
    ? prepareHostTemplateAfter(packed, { db, env, dir: path.join(runDir, "host-template"), dashboard })
    : { database: Promise.resolve(undefined), dashboard: Promise.resolve(undefined) }
  // The preparation's processes, so their time is not counted in the first job to end.
  const preparation = { cpuSeconds: 0 }
  Promise.allSettled([migrated, template.database, template.dashboard]).then(() => (preparation.cpuSeconds = cpuSinceLast() ?? 0))
  // Awaited where used; a failure is reported by the jobs that need it, and by `finish`.
  for (const promise of [packed, migrated, template.database, template.dashboard]) promise.catch(() => undefined)
  const envFor = async (suite, files = []) => ({
    ...env,
    ...(PACKED_SUITES.has(suite) ? { [PACKED_PLUGIN_VARIABLE]: await packed } : {}),
    ...(MIGRATED_SUITES.has(suite) ? { [MIGRATED_DATABASE_VARIABLE]: await migrated } : {}),
    ...(hostTemplate && suite === TEMPLATE_SUITE ? { [HOST_DATABASE_VARIABLE]: await template.database } : {}),
    ...(dashboard && suite === TEMPLATE_SUITE && files.some(needsDashboard) ? { [DASHBOARD_VARIABLE]: await template.dashboard } : {}),
  })
  const finish = async () => {
    const [, migration, hostDatabase] = await Promise.allSettled([packed, migrated, template.database, template.dashboard])
    for (const made of [migration, hostDatabase]) {
      if (made.status === "fulfilled" && made.value) await db.dropDatabase(made.value).catch(() => undefined)
    }
    await db.stop().catch(() => undefined)
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(runDir, { recursive: true, force: true })
    // The embedded PostgreSQL's server processes, reaped when it stopped (0 for an outside server).
    return { preparationCpuSeconds: preparation.cpuSeconds, databaseCpuSeconds: cpuSinceLast() }
  }
  return { env, envFor, runDir, finish }
}

/** The host template of the tarball `packed` resolves to; both halves fail if the pack does. */
function prepareHostTemplateAfter(packed, { db, env, dir, dashboard }) {
  const started = packed.then((tarball) => prepareHostTemplate({ tarball, dir, db, env, dashboard, name: `launchdesk-host-template-${process.pid}` }))
  return { database: started.then((template) => template.database), dashboard: started.then((template) => template.dashboard) }
}

/** A database with every migration of this repository's Medusa config applied, as the specs' runner would apply them. */
async function migrateOnce(db, env) {
  const name = `launchdesk-migrated-${process.pid}`
  await db.createDatabase(name)
  // No migration scripts: Medusa's test runner does not run them either.
  await medusa(ROOT, ["db:migrate", "--skip-scripts"], { ...env, DATABASE_URL: db.url(name) })
  return name
}

/** The spec files Jest would run for `suite`, relative to the repository. */
async function specFiles(suite, env) {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [JEST, "--listTests", "--json"], { cwd: ROOT, env: { ...env, TEST_TYPE: suite } })
    let text = ""
    child.stdout.on("data", (chunk) => (text += chunk))
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`jest --listTests for ${suite} exited ${code}`))))
  })
  return JSON.parse(output)
    .map((file) => path.relative(ROOT, file))
    .sort()
}

// Processes started and not yet ended, so an interrupted run can end them all; once
// interrupted, nothing new starts (the workers would otherwise start the next job).
const running = new Set()
let interrupted = false
const killTree = (child) => {
  try {
    // Each job leads a process group of its own (detached): its hosts and browsers go with it.
    process.kill(-child.pid, "SIGKILL")
  } catch {
    // already gone
  }
}
const killAll = () => {
  interrupted = true
  running.forEach(killTree)
}

/**
 * CPU seconds used by the children this process has waited for, and by theirs (Linux's
 * /proc/self/stat: cutime + cstime, at 100 ticks a second); undefined where there is no /proc.
 */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8")
    // Fields after the command's name, which may hold spaces: the 3rd (state) comes first.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100
  } catch {
    return undefined
  }
}

// What the children waited for so far had used: a job's CPU time is the growth at its end.
let childrenCpuSoFar = childrenCpuSeconds()
/** CPU seconds added since the last call: a child that just ended, with everything it waited for. */
function cpuSinceLast() {
  const now = childrenCpuSeconds()
  if (now === undefined || childrenCpuSoFar === undefined) return undefined
  const used = now - childrenCpuSoFar
  childrenCpuSoFar = now
  return used
}

/**
 * Runs `command` in a process group of its own with stdout and stderr in `logFile`; resolves
 * with its exit code and seconds. Past `timeoutMs` the whole group is killed (exit code null).
 */
function runLogged(command, args, { env, logFile, timeoutMs }) {
  const started = Date.now()
  if (interrupted) return Promise.resolve({ code: 1, timedOut: false, seconds: 0 })
  const log = fs.openSync(logFile, "w")
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", log, log], detached: true })
    running.add(child)
    let timedOut = false
    const watchdog = setTimeout(() => {
      timedOut = true
      killTree(child)
    }, timeoutMs)
    const done = (code) => {
      clearTimeout(watchdog)
      // What the job started and left behind goes with it: Jest's `--forceExit` after a setup
      // hook that timed out leaves the Medusa server that hook was starting, which would load
      // the machine for every job after it.
      killTree(child)
      running.delete(child)
      fs.closeSync(log)
      resolve({ code: timedOut ? null : code, timedOut, seconds: (Date.now() - started) / 1000, cpuSeconds: cpuSinceLast() })
    }
    child.on("error", () => done(1))
    child.on("exit", (code) => done(code ?? 1))
  })
}

/**
 * One Jest process over `files` of `suite` (`extraArgs`, such as `-t`, go to Jest); its counts
 * and failed cases (a run that crashed or hung counts as one failure).
 */
async function runJest({ suite, files, env, logFile, label, timeoutMs, extraArgs = [] }) {
  const report = `${logFile}.json`
  const args = [JEST, "--runInBand", "--forceExit", "--json", `--outputFile=${report}`, ...extraArgs, "--runTestsByPath", ...files.map((file) => path.join(ROOT, file))]
  const { code, timedOut, seconds, cpuSeconds } = await runLogged(process.execPath, args, { env: { ...env, TEST_TYPE: suite }, logFile, timeoutMs })
  if (timedOut || !fs.existsSync(report)) {
    const why = timedOut ? `did not end within ${Math.round(timeoutMs / 60000)} minutes (killed)` : `ended (exit ${code}) without a report`
    return { passed: 0, failed: 1, failures: [`${label}: ${why}`], seconds, cpuSeconds }
  }
  const result = JSON.parse(fs.readFileSync(report, "utf8"))
  fs.rmSync(report, { force: true })
  const { numPassedTests, numFailedTests, numRuntimeErrorTestSuites } = result
  const failed = numFailedTests + numRuntimeErrorTestSuites + (code !== 0 && numFailedTests === 0 ? 1 : 0)
  const failures = failuresIn(result, ROOT)
  if (failed && !failures.length) failures.push(`${label}: exit ${code}`)
  return { passed: numPassedTests, failed, failures, seconds, cpuSeconds }
}

/**
 * `count` processes that each keep one core busy, so timing-dependent specs meet the load of a
 * busy machine; `stop` ends them.
 */
function startCpuHogs(count) {
  if (interrupted) return () => undefined
  const hogs = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore", detached: true })
  )
  hogs.forEach((hog) => running.add(hog))
  return () =>
    hogs.forEach((hog) => {
      running.delete(hog)
      killTree(hog)
    })
}

// Lines that fill a log and say nothing: knex's pool when the runner re-creates a database under it.
const LOG_NOISE = /Connection Error: Connection ended unexpectedly/
/** The last `lines` lines of a job's log worth reading. */
function logTail(logFile, lines) {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""
  return text
    .split("\n")
    .filter((line) => !LOG_NOISE.test(line))
    .slice(-lines)
    .join("\n")
}

/** Ends every job and hog still running when this process is interrupted. */
function endChildrenOnSignal(cleanup) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      killAll()
      await cleanup().catch(() => undefined)
      process.exit(130)
    })
  }
}

const cores = () => (os.availableParallelism ? os.availableParallelism() : os.cpus().length)

module.exports = {
  ROOT,
  TEMPLATE_SUITE,
  needsDashboard,
  JOB_TIMEOUT_MS,
  NEEDS,
  MIGRATED_SUITES,
  PACKED_SUITES,
  cores,
  endChildrenOnSignal,
  logTail,
  prepareRun,
  runJest,
  runLogged,
  specFiles,
  startCpuHogs,
  suiteOf,
}
