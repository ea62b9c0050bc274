import fs from "node:fs"
import os from "node:os"
import path from "node:path"
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the runner's scripts are CommonJS
const { runLogged } = require("../test-jobs")

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe("a test job", () => {
  it("takes what it started and left running with it when it ends", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "job-"))
    const pidFile = path.join(dir, "pid")
    // A job that starts a long-lived child (as a setup hook starts a Medusa server) and exits without stopping it.
    const job = `
      const { spawn } = require("node:child_process")
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" })
      require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(child.pid))
      process.exit(0)`
    const result = await runLogged(process.execPath, ["-e", job], {
      env: process.env,
      logFile: path.join(dir, "log"),
      timeoutMs: 60_000,
    })
    expect(result.code).toBe(0)
    const leftover = Number(fs.readFileSync(pidFile, "utf8"))
    // SIGKILL is delivered at once, but the process table may show it for a moment.
    const deadline = Date.now() + 5000
    while (alive(leftover) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(alive(leftover)).toBe(false)
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
