#!/usr/bin/env node
// `npm run test:repeat -- <spec file> [--times N] [--hogs K] [-t "case name"]`: runs one spec
// file N times (default 10), one run after the other, beside K processes that keep a core busy
// each (default: one per core), and prints its failure rate. A spec that waits on time, a
// stream or the browser passes 10 of 10 here before it is trusted in CI, whose machine is busy.
const path = require("node:path")
const fs = require("node:fs")
const { JOB_TIMEOUT_MS, MIGRATED_SUITES, PACKED_SUITES, TEMPLATE_SUITE, cores, needsDashboard, endChildrenOnSignal, logTail, prepareRun, runJest, startCpuHogs, suiteOf } = require("./lib/test-jobs")

const USAGE = 'usage: npm run test:repeat -- <spec file> [--times N] [--hogs K] [-t "case name"]'
// A failed run's log lines printed under it.
const FAILED_LOG_LINES = 60

function parseArguments(argv) {
  const options = { times: 10, hogs: cores(), filter: undefined, file: undefined }
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    const value = () => {
      const next = argv[++index]
      if (next === undefined) throw new Error(`${argument} needs a value\n${USAGE}`)
      return next
    }
    if (argument === "--times") options.times = Number(value())
    else if (argument === "--hogs") options.hogs = Number(value())
    else if (argument === "-t") options.filter = value()
    else if (!options.file) options.file = argument
    else throw new Error(`unexpected argument ${argument}\n${USAGE}`)
  }
  if (!options.file || !fs.existsSync(options.file)) throw new Error(`no such spec file: ${options.file ?? "(none)"}\n${USAGE}`)
  if (!(Number.isInteger(options.times) && options.times > 0) || !(Number.isInteger(options.hogs) && options.hogs >= 0)) {
    throw new Error(`--times must be a positive and --hogs a non-negative whole number\n${USAGE}`)
  }
  return options
}

async function main() {
  const options = parseArguments(process.argv.slice(2))
  const suite = suiteOf(options.file)
  const file = path.relative(path.resolve(__dirname, ".."), path.resolve(options.file))
  const run = await prepareRun({
    pack: PACKED_SUITES.has(suite),
    migrate: MIGRATED_SUITES.has(suite),
    hostTemplate: suite === TEMPLATE_SUITE,
    dashboard: needsDashboard(file),
  })
  const env = await run.envFor(suite, [file])
  const stopHogs = startCpuHogs(options.hogs)
  endChildrenOnSignal(async () => {
    stopHogs()
    await run.finish()
  })
  const outcomes = []
  try {
    console.log(`[repeat] ${file} (${suite}) ${options.times} times beside ${options.hogs} busy processes${options.filter ? `, cases matching "${options.filter}"` : ""}`)
    for (let attempt = 1; attempt <= options.times; attempt++) {
      const logFile = path.join(run.runDir, `repeat-${attempt}.log`)
      const extraArgs = options.filter ? ["-t", options.filter] : []
      const counts = await runJest({ suite, files: [file], env, logFile, label: file, timeoutMs: JOB_TIMEOUT_MS, extraArgs })
      const ok = counts.failed === 0 && counts.passed > 0
      outcomes.push({ ok, counts })
      console.log(`[repeat] run ${attempt}/${options.times}: ${ok ? "passed" : "FAILED"}, ${counts.passed} passed, ${counts.failed} failed (${Math.round(counts.seconds)} s, ${Math.round(counts.cpuSeconds ?? NaN)} s CPU)`)
      if (!ok) {
        console.log(counts.failures.map((failure) => `  ${failure}`).join("\n"))
        console.log(`----- the end of its output -----\n${logTail(logFile, FAILED_LOG_LINES)}\n-----`)
      }
    }
  } finally {
    stopHogs()
    // The spec's database work, which the runs' own CPU time leaves out.
    const { databaseCpuSeconds } = await run.finish()
    if (databaseCpuSeconds !== undefined) console.log(`[repeat] PostgreSQL: ${Math.round(databaseCpuSeconds)} s CPU over the runs and their preparation`)
  }
  const failed = outcomes.filter((outcome) => !outcome.ok).length
  console.log(`\n${file}: ${outcomes.length - failed} of ${outcomes.length} runs passed, failure rate ${Math.round((100 * failed) / outcomes.length)}%`)
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error.message ?? error)
  process.exit(2)
})
