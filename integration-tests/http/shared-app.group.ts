// The spec files of one group of ./shared-apps.js (named by LAUNCHDESK_SHARED_APP), run on one
// booted app. `npm test` runs each group through this file; Jest matches it only then.
import path from "node:path"
import { runSpecsOnOneApp } from "../utils/medusa-runner"

const groups: Record<string, string[]> = require("./shared-apps")
const name = process.env.LAUNCHDESK_SHARED_APP ?? ""
const files = groups[name]
if (!files) throw new Error(`LAUNCHDESK_SHARED_APP names no group of shared-apps.js: "${name}"`)

runSpecsOnOneApp(
  files.map((file) => path.join(__dirname, file)),
  path.resolve(__dirname, "../..")
)
