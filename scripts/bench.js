#!/usr/bin/env node
// `npm run bench -- <name> [arguments]`: runs bench/<name>.js in this process, as
// `node bench/<name>.js [arguments]` would. Without a known name it lists the benchmarks.
const fs = require("node:fs")
const path = require("node:path")

const BENCH_DIR = path.join(__dirname, "..", "bench")
const names = fs
  .readdirSync(BENCH_DIR)
  .filter((file) => file.endsWith(".js"))
  .map((file) => file.slice(0, -".js".length))
  .sort()

const [name, ...rest] = process.argv.slice(2)
if (!names.includes(name)) {
  if (name) console.error(`No benchmark named "${name}".`)
  console.error(`Usage: npm run bench -- <name>, one of: ${names.join(", ")} (what each measures: bench/README.md)`)
  process.exit(1)
}
const file = path.join(BENCH_DIR, `${name}.js`)
process.argv = [process.argv[0], file, ...rest]
require(file)
