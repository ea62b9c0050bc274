// The two servers bench:lanes and bench:push start besides Medusa.
const { spawn } = require("node:child_process")
const { freePort } = require("../../scripts/lib/database")
const fastLane = require("../../scripts/lib/fast-lane")

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

module.exports = { startFastLane, startBareNode }
