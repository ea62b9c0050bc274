// Starts `launchdesk-fast-lane` the way a store owner runs it: the bin of the plugin a host
// app installed, in the host's folder, so it reads the host's medusa-config.js. Used by the
// benchmarks and the demo.
const path = require("node:path")
const { spawn } = require("node:child_process")

/**
 * Resolves once it listens on `port`.
 * @param {{ dir: string, env: Record<string, string>, port: number, log?: (chunk: string) => void }} options
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
async function startFastLane({ dir, env, port, log }) {
  const bin = path.join(dir, "node_modules", ".bin", "launchdesk-fast-lane")
  const child = spawn(bin, [], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const collect = (chunk) => {
    output += chunk
    log?.(String(chunk))
  }
  child.stdout.on("data", collect)
  child.stderr.on("data", collect)
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fast lane did not start:\n${output}`)), 60_000)
    const onExit = (code) => {
      clearTimeout(timer)
      reject(new Error(`the fast lane exited ${code}:\n${output}`))
    }
    child.once("exit", onExit)
    child.stdout.on("data", () => {
      if (!output.includes("listening on")) return
      clearTimeout(timer)
      child.off("exit", onExit)
      resolve()
    })
  })
  return {
    url: `http://localhost:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) child.kill("SIGKILL")
    },
  }
}

module.exports = { startFastLane }
