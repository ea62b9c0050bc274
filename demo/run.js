// `npm run demo`: boots a Medusa store with the plugin, its admin and a demo storefront.
//
// The work happens in stack.js, started in a process group of its own. Ctrl+C in a terminal
// signals the whole foreground group at once, so Medusa and PostgreSQL would otherwise all
// stop together, in no particular order. Here only this process gets the signal, and it
// asks stack.js to stop them in order: storefront, Medusa, then the database.
const path = require("node:path")
const { spawn } = require("node:child_process")
const { STOP_MESSAGE } = require("./lib/stop-message")

const STACK = path.join(__dirname, "stack.js")
// Long enough for Medusa's graceful shutdown plus the database's.
const STOP_TIMEOUT_MS = 30_000

const stack = spawn(process.execPath, [STACK], {
  detached: true,
  stdio: ["ignore", "inherit", "inherit", "ipc"],
})

/** Whatever the stack left running (a build, a migration) stops with its process group. */
function killStackGroup(signal) {
  try {
    process.kill(-stack.pid, signal)
  } catch {
    // the group is already gone
  }
}

let stopRequested = false
function requestStop() {
  // npm forwards the signal the terminal already sent: act on the first one only.
  if (stopRequested) return
  stopRequested = true
  console.log("\nStopping the demo...")
  if (stack.connected) stack.send(STOP_MESSAGE)
  setTimeout(() => killStackGroup("SIGKILL"), STOP_TIMEOUT_MS).unref()
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, requestStop)
}

stack.on("exit", (code) => {
  killStackGroup("SIGTERM")
  process.exit(code ?? 1)
})
