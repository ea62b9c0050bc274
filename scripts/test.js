#!/usr/bin/env node
// `npm test`: every suite, against the PostgreSQL given by DATABASE_URL / DB_HOST or an
// embedded one started here and removed afterwards. `npm test -- unit browser` runs those
// suites only. The specs run side by side, one Jest process per spec file (each boots a
// Medusa app or a packed host, on a database of its own), several at a time
// (LAUNCHDESK_TEST_JOBS, default: cores + 1, as most of a spec's time is spent waiting).
const fs = require("node:fs")
const path = require("node:path")
const { JOB_TIMEOUT_MS, MIGRATED_SUITES, NEEDS, PACKED_SUITES, ROOT, TEMPLATE_SUITE, cores, endChildrenOnSignal, logTail, prepareRun, runJest, runLogged, specFiles } = require(
  "./lib/test-jobs"
)

const { TYPE_PROJECTS } = require("./typecheck")
const { SHARED_APP_ENTRY, SHARED_APP_SUITE, SHARED_APP_VARIABLE, sharedAppGroups } = require("./lib/shared-apps")
// The "types" suite also runs package.json's `lint` script (ESLint and plain arguments) with Node.
const LINT_ARGS = require("../package.json").scripts.lint.split(" ").slice(1)
const SUITES = ["types", "unit", "integration:modules", "integration:http", "integration:packaging", "faults", "integration:topology", "browser"]
// Suites of many small files run as one Jest process: their specs take seconds, a process more.
const ONE_PROCESS = new Set(["unit", "integration:modules"])
// What a job of each suite roughly takes, in seconds, so the longest start first and the run
// does not end on one long job alone. Only the order depends on these.
const EXPECTED_SECONDS = { browser: 240, "integration:packaging": 200, "integration:topology": 130, faults: 90, "integration:http": 60, "integration:modules": 40, unit: 20, types: 30 }
// Lines of a failed job's log printed under it (the whole log is in .tmp while the run lasts).
const FAILED_LOG_LINES = 150

const jobsAtOnce = () => Math.max(1, Number(process.env.LAUNCHDESK_TEST_JOBS) || cores() + 1)

/** The jobs of `suites`: one per type project and one lint, per spec file, or per suite (ONE_PROCESS). */
async function plan(suites, env) {
  const jobs = []
  for (const suite of suites) {
    if (suite === "types") {
      for (const project of TYPE_PROJECTS) jobs.push({ suite, label: `types ${project}`, project, expected: EXPECTED_SECONDS.types })
      jobs.push({ suite, label: "lint", lint: true, expected: EXPECTED_SECONDS.types })
      continue
    }
    const files = await specFiles(suite, env)
    if (ONE_PROCESS.has(suite)) {
      jobs.push({ suite, label: suite, files, expected: EXPECTED_SECONDS[suite] })
      continue
    }
    // Within a suite, a longer spec file is taken to take longer.
    const expected = (file) => EXPECTED_SECONDS[suite] + fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length / 20
    const { groups, alone } = suite === SHARED_APP_SUITE ? sharedAppGroups(files) : { groups: [], alone: files }
    for (const { name, members } of groups) {
      // One boot for the group: its specs' own time, less a boot each but the first.
      const seconds = members.reduce((sum, file) => sum + expected(file) - EXPECTED_SECONDS[suite] / 2, EXPECTED_SECONDS[suite] / 2)
      jobs.push({ suite, label: `${suite} ${name} (${members.length} specs, one app)`, files: [SHARED_APP_ENTRY], env: { [SHARED_APP_VARIABLE]: name }, expected: seconds })
    }
    for (const file of alone) jobs.push({ suite, label: `${suite} ${file}`, files: [file], expected: expected(file) })
  }
  // Jobs that need neither the packed plugin nor the migrated database fill the first minute,
  // while those are made; then the longest first.
  const waits = (job) => (PACKED_SUITES.has(job.suite) || MIGRATED_SUITES.has(job.suite) ? 1 : 0)
  return jobs.sort((a, b) => waits(a) - waits(b) || b.expected - a.expected)
}

async function runJob(job, run, logDir) {
  const env = await run.envFor(job.suite, job.files)
  const logFile = path.join(logDir, `${job.label.replace(/[^\w.-]+/g, "_")}.log`)
  if (job.lint) {
    const eslint = path.join(path.dirname(require.resolve("eslint/package.json", { paths: [ROOT] })), "bin", "eslint.js")
    const { code, seconds, cpuSeconds } = await runLogged(process.execPath, [eslint, ...LINT_ARGS], { env, logFile, timeoutMs: JOB_TIMEOUT_MS })
    const ok = code === 0
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, failures: ok ? [] : ["lint: ESLint found problems (its output above)"], seconds, cpuSeconds, logFile }
  }
  if (job.project) {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] })
    const { code, seconds, cpuSeconds } = await runLogged(process.execPath, [tsc, "--noEmit", "-p", job.project], { env, logFile, timeoutMs: JOB_TIMEOUT_MS })
    const ok = code === 0
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, failures: ok ? [] : [`types: ${job.project} has type errors (its output above)`], seconds, cpuSeconds, logFile }
  }
  return { ...(await runJest({ ...job, env: { ...env, ...job.env }, logFile, timeoutMs: JOB_TIMEOUT_MS })), logFile }
}

const seconds = (value) => `${Math.round(value)} s`

/**
 * Per suite: jobs, cases, the jobs' summed time, the CPU time they used (with every process
 * they waited for) and the span from its first start to its last end.
 */
function printSuiteTimes(results) {
  const suites = new Map()
  for (const { job, counts, startedAt, endedAt } of results) {
    const row = suites.get(job.suite) ?? { jobs: 0, passed: 0, failed: 0, busy: 0, cpu: 0, from: Infinity, to: 0 }
    row.jobs++
    row.passed += counts.passed
    row.failed += counts.failed
    row.busy += counts.seconds
    row.cpu += counts.cpuSeconds ?? NaN
    row.from = Math.min(row.from, startedAt)
    row.to = Math.max(row.to, endedAt)
    suites.set(job.suite, row)
  }
  console.log("\nsuite                  jobs  passed  failed  job time  CPU time    span")
  for (const suite of SUITES.filter((name) => suites.has(name))) {
    const row = suites.get(suite)
    const cells = [suite.padEnd(22), String(row.jobs).padStart(4), String(row.passed).padStart(7), String(row.failed).padStart(7)]
    console.log(`${cells.join(" ")}  ${seconds(row.busy).padStart(8)}  ${seconds(row.cpu).padStart(8)}  ${seconds((row.to - row.from) / 1000).padStart(6)}`)
  }
}

/** Where the machine's time went: the jobs', the preparation's and PostgreSQL's CPU against what its cores could give. */
function printCpuTotals(results, finished, wallSeconds) {
  const jobs = results.reduce((sum, { counts }) => sum + (counts.cpuSeconds ?? NaN), 0)
  if (!finished || Number.isNaN(jobs)) return
  const { preparationCpuSeconds = 0, databaseCpuSeconds = 0 } = finished
  const used = jobs + preparationCpuSeconds + databaseCpuSeconds
  const capacity = wallSeconds * cores()
  console.log(
    `CPU time: jobs ${seconds(jobs)}, pack and migration ${seconds(preparationCpuSeconds)}, PostgreSQL ${seconds(databaseCpuSeconds)}: ` +
      `${Math.round((100 * used) / capacity)}% of ${cores()} cores over the run`
  )
}

async function main() {
  const startedAt = Date.now()
  const only = process.argv.slice(2)
  const wanted = only.length ? SUITES.filter((suite) => only.includes(suite)) : SUITES
  const suites = wanted.filter((suite) => {
    const need = NEEDS[suite]
    if (!need || process.env[need.variable]) return true
    console.log(`=== ${suite}: not run, ${need.variable} is not set (${need.why}) ===`)
    return false
  })
  const run = await prepareRun({
    pack: suites.some((suite) => PACKED_SUITES.has(suite)),
    migrate: suites.some((suite) => MIGRATED_SUITES.has(suite)),
    hostTemplate: suites.includes(TEMPLATE_SUITE),
    dashboard: suites.includes(TEMPLATE_SUITE),
  })
  endChildrenOnSignal(run.finish)
  const logDir = path.join(run.runDir, "logs")
  fs.mkdirSync(logDir, { recursive: true })

  const results = []
  const failures = []
  let finished
  try {
    const jobs = await plan(suites, run.env)
    const atOnce = jobsAtOnce()
    console.log(`[test] ${jobs.length} jobs of ${suites.join(", ")}, ${atOnce} at a time (prepared in ${seconds((Date.now() - startedAt) / 1000)})`)
    const queue = [...jobs]
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const jobStart = Date.now()
        const counts = await runJob(job, run, logDir).catch((error) => ({
          passed: 0,
          failed: 1,
          failures: [`${job.label}: could not start: ${error.message.split("\n")[0]}`],
          seconds: 0,
          cpuSeconds: 0,
          logFile: "",
        }))
        results.push({ job, counts, startedAt: jobStart, endedAt: Date.now() })
        failures.push(...counts.failures)
        const mark = counts.failed ? "FAIL" : "ok  "
        console.log(`[test] ${mark} ${job.label}: ${counts.passed} passed, ${counts.failed} failed (${seconds(counts.seconds)}, ${seconds(counts.cpuSeconds ?? NaN)} CPU) [${results.length}/${jobs.length}]`)
        if (counts.failed) console.log(`----- ${job.label}: the end of its output -----\n${logTail(counts.logFile, FAILED_LOG_LINES)}\n-----`)
      }
    }
    await Promise.all(Array.from({ length: Math.min(atOnce, jobs.length) }, worker))
  } finally {
    finished = await run.finish()
  }
  const total = results.reduce((sum, { counts }) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed }), { passed: 0, failed: 0 })
  printSuiteTimes(results)
  const wallSeconds = (Date.now() - startedAt) / 1000
  console.log(`\nwhole run: ${seconds(wallSeconds)}`)
  printCpuTotals(results, finished, wallSeconds)
  if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`)
  console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed`)
  process.exit(total.failed || !total.passed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
