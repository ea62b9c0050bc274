#!/usr/bin/env node
// `npm run docs:options`: rewrites the "Options" table of docs/configuration.md (between its two
// marker comments) from the options' schema, src/shared/plugin-options/. A unit test fails
// while the file and the schema disagree.
const fs = require("node:fs")
const path = require("node:path")

// The schema is TypeScript; compile it on require, as the fast lane loads a TypeScript config.
require("ts-node").register({ transpileOnly: true })
const { withOptionsTable } = require("../src/shared/plugin-options-table")

const FILE = path.join(__dirname, "..", "docs", "configuration.md")

const before = fs.readFileSync(FILE, "utf8")
const after = withOptionsTable(before)
if (after === before) {
  console.log("docs/configuration.md: the options table is up to date")
} else {
  fs.writeFileSync(FILE, after)
  console.log("docs/configuration.md: the options table was rewritten from src/shared/plugin-options/")
}
