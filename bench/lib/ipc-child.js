// A Node child process for benchmarks that hold thousands of sockets: started through bash so
// its open-file limit can be raised first, with an IPC channel for request/answer messages.
const { spawn } = require("node:child_process")

const OPEN_FILES = 65536

/**
 * Starts `node [nodeArgs] script` with the soft open-file limit raised (to the hard limit when
 * 65,536 is above it). `ask(message)` sends `{ ...message, id }` and resolves with the child's
 * answer carrying the same id (`{ id, error }` rejects).
 * @param {{ script: string, nodeArgs?: string[], cwd?: string, env?: Record<string, string>, onOutput?: (chunk: string) => void }} options
 */
function startIpcChild({ script, nodeArgs = [], cwd, env = {}, onOutput }) {
  const raiseLimit = `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`
  const child = spawn("bash", ["-c", raiseLimit, "bash", process.execPath, ...nodeArgs, script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  })
  let output = ""
  const collect = (chunk) => {
    output += chunk
    if (output.length > 100_000) output = output.slice(-50_000)
    onOutput?.(String(chunk))
  }
  child.stdout.on("data", collect)
  child.stderr.on("data", collect)

  let nextId = 1
  const pending = new Map()
  child.on("message", (message) => {
    const settle = pending.get(message.id)
    if (!settle) return
    pending.delete(message.id)
    if (message.error) settle.reject(new Error(message.error))
    else settle.resolve(message)
  })
  const exited = new Promise((resolve) => child.once("exit", resolve))
  exited.then((code) => {
    for (const { reject } of pending.values()) reject(new Error(`${script} exited ${code}:\n${output.slice(-4000)}`))
    pending.clear()
  })

  return {
    pid: child.pid,
    output: () => output,
    ask(message) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.send({ ...message, id })
      })
    },
    /** Resolves once the child printed something matching `pattern`. */
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return false
          clearTimeout(timer)
          child.stdout.off("data", check)
          child.off("exit", onExit)
          resolve()
          return true
        }
        const onExit = (code) => {
          clearTimeout(timer)
          reject(new Error(`${script} exited ${code}:\n${output.slice(-4000)}`))
        }
        const timer = setTimeout(() => reject(new Error(`${script} did not print ${pattern}:\n${output.slice(-4000)}`)), timeoutMs)
        if (check()) return
        child.stdout.on("data", check)
        child.once("exit", onExit)
      })
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill("SIGTERM")
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
    },
  }
}

module.exports = { startIpcChild }
