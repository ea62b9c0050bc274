const { failuresIn, FAILURE_LINES } = require("../test-report")

const ROOT = "/repo"
const passed = { status: "passed", fullName: "works", failureMessages: [] }

describe("failuresIn", () => {
  it("names each failed case with its file and the first lines of its message, without colours or Jest's frames", () => {
    const message = ["\u001b[31mexpect(received).toBe(expected)\u001b[39m", "", "Expected: 429", "Received: 204", "  at new Promise (<anonymous>)", "  at run (/repo/node_modules/jest-circus/build/run.js:1:1)", ...Array(20).fill("  at frame")]
    const report = {
      testResults: [
        { name: "/repo/a.spec.ts", message: "", assertionResults: [passed] },
        {
          name: "/repo/b/c.spec.ts",
          message: "whole file summary",
          assertionResults: [passed, { status: "failed", fullName: "lane › limits", failureMessages: [message.join("\n")] }],
        },
      ],
    }
    const [failure, ...rest] = failuresIn(report, ROOT)
    expect(rest).toEqual([])
    const [title, ...lines] = failure.split("\n    ")
    expect(title).toBe("b/c.spec.ts › lane › limits")
    expect(lines.slice(0, 4)).toEqual(["expect(received).toBe(expected)", "Expected: 429", "Received: 204", "  at frame"])
    expect(lines).toHaveLength(FAILURE_LINES)
  })

  it("names a file that failed outside any case with its own message", () => {
    const report = { testResults: [{ name: "/repo/d.spec.ts", message: "Cannot find module './gone'", assertionResults: [] }] }
    expect(failuresIn(report, ROOT)).toEqual(["d.spec.ts\n    Cannot find module './gone'"])
  })

  it("finds nothing in a report without failures", () => {
    expect(failuresIn({ testResults: [{ name: "/repo/a.spec.ts", message: "", assertionResults: [passed] }] }, ROOT)).toEqual([])
  })
})
