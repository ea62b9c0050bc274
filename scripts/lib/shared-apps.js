// The groups of HTTP spec files that share one booted Medusa app in `npm test`
// (integration-tests/http/shared-apps.js lists them; integration-tests/utils/medusa-runner.ts
// runs a group through integration-tests/http/shared-app.group.ts).
const path = require("node:path")

const SHARED_APP_SUITE = "integration:http"
const SHARED_APP_FOLDER = "integration-tests/http"
const SHARED_APP_ENTRY = `${SHARED_APP_FOLDER}/shared-app.group.ts`
// Names the group the entry file runs (jest.config.js matches the entry only when it is set).
const SHARED_APP_VARIABLE = "LAUNCHDESK_SHARED_APP"

/**
 * `files` (the suite's spec files, relative to the repository) as groups sharing an app and
 * the files left to run alone. A member that is not among `files` is left out (a unit test
 * checks that each names a spec); one named by two groups is an error in the list.
 */
function sharedAppGroups(files, listed = require(path.join(__dirname, "../..", SHARED_APP_FOLDER, "shared-apps.js"))) {
  const grouped = new Map()
  for (const [name, members] of Object.entries(listed)) {
    for (const member of members) {
      const file = `${SHARED_APP_FOLDER}/${member}`
      if (grouped.has(file)) throw new Error(`${member} is in two shared-app groups: ${grouped.get(file)} and ${name}`)
      grouped.set(file, name)
    }
  }
  const groups = Object.keys(listed)
    .map((name) => ({ name, members: files.filter((file) => grouped.get(file) === name) }))
    .filter(({ members }) => members.length)
  return { groups, alone: files.filter((file) => !grouped.has(file)) }
}

module.exports = { SHARED_APP_ENTRY, SHARED_APP_SUITE, SHARED_APP_VARIABLE, sharedAppGroups }
