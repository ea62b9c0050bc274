// The servers the benchmarks start besides Medusa.
const fs = require("node:fs")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { freePort } = require("../../scripts/lib/database")
const fastLane = require("../../scripts/lib/fast-lane")
const { startIpcChild } = require("./ipc-child")

/**
 * The host's `launchdesk-fast-lane` on a free port of 127.0.0.1.
 * @param {{ dir: string, env: Record<string, string> }} host
 */
async function startFastLane(host) {
  const port = await freePort()
  const lane = await fastLane.startFastLane({ dir: host.dir, env: { ...host.env, HOST: "127.0.0.1" }, port })
  return { ...lane, url: `http://127.0.0.1:${port}` }
}

/** A bare node:http server answering `{"ok":true}`, in a process of its own like the others. */
async function startBareNode() {
  const port = await freePort()
  const source = `require("node:http").createServer((req, res) => {
    res.setHeader("content-type", "application/json; charset=utf-8")
    res.end('{"ok":true}')
  }).listen(${port}, "127.0.0.1", () => console.log("listening"))`
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] })
  await new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`the bare server exited ${code}`))
    child.once("exit", onExit)
    child.stdout.once("data", () => {
      child.off("exit", onExit)
      resolve()
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM")
    },
  }
}

/**
 * The host's `launchdesk-fast-lane` on a free port of 127.0.0.1, run inside
 * probed-fast-lane.js so it can hold many sockets and report from inside: `stats({ gc })`
 * (memory, event-loop delay, CPU % since `reset()`).
 * @param {{ dir: string, env: Record<string, string> }} host
 */
async function startProbedFastLane(host) {
  const port = await freePort()
  const cli = fs.realpathSync(path.join(host.dir, "node_modules", ".bin", "launchdesk-fast-lane"))
  const child = startIpcChild({
    script: path.join(__dirname, "probed-fast-lane.js"),
    nodeArgs: ["--expose-gc"],
    cwd: host.dir,
    env: { ...host.env, HOST: "127.0.0.1", PORT: String(port), LAUNCHDESK_FAST_LANE_CLI: cli },
  })
  await child.waitForOutput(/listening on/)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    reset: () => child.ask({ type: "reset" }),
    stats: async ({ gc = false } = {}) => (await child.ask({ type: "stats", gc })).stats,
    stop: () => child.stop(),
  }
}

module.exports = { startFastLane, startBareNode, startProbedFastLane }
