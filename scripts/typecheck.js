#!/usr/bin/env node
// `npm run typecheck`: tsc over each type-check project, as the "types" suite of `npm test`
// does, as many at once as the machine has cores; each project's output once it is done.
const { spawn } = require("node:child_process")
const os = require("node:os")
const path = require("node:path")

const ROOT = path.join(__dirname, "..")
// The server, the admin, the storefront and the tests each type-check as their own project
// (the build skips the tests, and Jest's transform does not check types).
const TYPE_PROJECTS = ["tsconfig.json", "src/admin/tsconfig.json", "src/storefront/tsconfig.json", "integration-tests/tsconfig.json"]

/** tsc --noEmit over one project: its exit code and what it printed. */
function check(project) {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] })
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "--noEmit", "-p", project], { cwd: ROOT })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("close", (code) => resolve({ code, output }))
  })
}

async function main() {
  const started = Date.now()
  const queue = [...TYPE_PROJECTS]
  let failed = 0
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const projectStart = Date.now()
      const { code, output } = await check(project)
      if (code !== 0) failed++
      const seconds = Math.round((Date.now() - projectStart) / 1000)
      console.log(`${code === 0 ? "ok  " : "FAIL"} ${project} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ""}`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, worker))
  console.log(`${TYPE_PROJECTS.length - failed} of ${TYPE_PROJECTS.length} projects type-check (${Math.round((Date.now() - started) / 1000)} s)`)
  process.exit(failed ? 1 : 0)
}

module.exports = { TYPE_PROJECTS }

if (require.main === module) main()
