const { suiteOf } = require("../test-jobs")

describe("suiteOf", () => {
  it("names the suite of a spec file by where it lives, as jest.config.js matches them", () => {
    expect(suiteOf("integration-tests/http/fast-lane/stream.spec.ts")).toBe("integration:http")
    expect(suiteOf("integration-tests/browser/admin-inbox.spec.ts")).toBe("browser")
    expect(suiteOf("integration-tests/packaging/packaging.spec.ts")).toBe("integration:packaging")
    expect(suiteOf("integration-tests/faults/faults.spec.ts")).toBe("faults")
    expect(suiteOf("integration-tests/topology/topology.spec.ts")).toBe("integration:topology")
    expect(suiteOf("src/modules/support-chat/__tests__/conversation-repository.spec.ts")).toBe("integration:modules")
  })

  it("takes a unit spec anywhere for the unit suite, and an absolute path like a relative one", () => {
    expect(suiteOf("src/chat/__tests__/cookies.unit.spec.ts")).toBe("unit")
    expect(suiteOf("scripts/lib/__tests__/test-report.unit.spec.js")).toBe("unit")
    expect(suiteOf(`${process.cwd()}/integration-tests/http/sweep/input-sweep.spec.ts`)).toBe("integration:http")
  })

  it("refuses a file that no suite runs", () => {
    expect(() => suiteOf("README.md")).toThrow(/not a spec of any suite/)
    expect(() => suiteOf("integration-tests/utils/chat.ts")).toThrow(/not a spec of any suite/)
  })
})
