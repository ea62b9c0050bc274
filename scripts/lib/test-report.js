const path = require("node:path")

// Each failure's first lines, repeated after the total: a long run's log is often read from its end.
const FAILURE_LINES = 8

// eslint-disable-next-line no-control-regex -- ESC (\u001b) opens the colour codes this removes
const stripColours = (text) => text.replace(/\u001b\[[0-9;]*m/g, "")
// Jest's and Node's own stack frames say nothing about the failure.
const isNoise = (line) => !line.trim() || line.includes("/node_modules/") || line.includes("(<anonymous>)")
const firstLines = (text) =>
  stripColours(text)
    .split("\n")
    .filter((line) => !isNoise(line))
    .slice(0, FAILURE_LINES)
    .join("\n    ")

/**
 * The failed cases of one Jest `--json` report, each as "file › case" and its first lines;
 * a file that failed outside any case (it did not load, a hook threw) as the file and its message.
 */
function failuresIn(report, root) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name)
    const cases = file.assertionResults
      .filter((result) => result.status === "failed")
      .map((result) => `${where} › ${result.fullName}\n    ${firstLines(result.failureMessages.join("\n"))}`)
    return cases.length || !file.message ? cases : [`${where}\n    ${firstLines(file.message)}`]
  })
}

module.exports = { failuresIn, FAILURE_LINES }
