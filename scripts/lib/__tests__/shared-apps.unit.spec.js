const fs = require("node:fs")
const path = require("node:path")
const { SHARED_APP_ENTRY, sharedAppGroups } = require("../shared-apps")

const ROOT = path.resolve(__dirname, "../../..")
const LISTED = require(path.join(ROOT, "integration-tests/http/shared-apps.js"))

describe("the HTTP suite's shared-app groups", () => {
  it("name HTTP spec files that exist, each in one group, and an entry file that exists", () => {
    const members = Object.values(LISTED).flat()
    expect(members.length).toBeGreaterThan(0)
    for (const member of members) {
      expect(member).toMatch(/\.spec\.ts$/)
      expect(fs.existsSync(path.join(ROOT, "integration-tests/http", member))).toBe(true)
    }
    expect(new Set(members).size).toBe(members.length)
    expect(fs.existsSync(path.join(ROOT, SHARED_APP_ENTRY))).toBe(true)
  })

  it("split a suite's files into groups and the files run alone", () => {
    const files = ["integration-tests/http/a/one.spec.ts", "integration-tests/http/b/two.spec.ts", "integration-tests/http/c/three.spec.ts"]
    const listed = { first: ["a/one.spec.ts", "c/three.spec.ts", "gone/missing.spec.ts"], empty: ["gone/other.spec.ts"] }
    expect(sharedAppGroups(files, listed)).toEqual({
      groups: [{ name: "first", members: ["integration-tests/http/a/one.spec.ts", "integration-tests/http/c/three.spec.ts"] }],
      alone: ["integration-tests/http/b/two.spec.ts"],
    })
  })

  it("refuse a spec listed in two groups", () => {
    expect(() => sharedAppGroups([], { first: ["a/one.spec.ts"], second: ["a/one.spec.ts"] })).toThrow(/two shared-app groups/)
  })
})
