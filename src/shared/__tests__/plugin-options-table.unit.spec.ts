import fs from "node:fs"
import path from "node:path"
import { OPTIONS_TABLE_END, OPTIONS_TABLE_START, optionsTable, withOptionsTable } from "../plugin-options-table"

const CONFIGURATION_DOC = path.join(__dirname, "..", "..", "..", "docs", "configuration.md")

describe("the options table in docs/configuration.md", () => {
  it("is the one the options' schema generates", () => {
    const written = fs.readFileSync(CONFIGURATION_DOC, "utf8")
    const generated = withOptionsTable(written)
    if (generated !== written) {
      throw new Error(
        "docs/configuration.md's options table differs from src/shared/plugin-options/: run `npm run docs:options` and commit the result"
      )
    }
  })

  it("has a group heading before its first row and one row per documented option", () => {
    const lines = optionsTable().split("\n")
    expect(lines.slice(0, 3)).toEqual(["| Option | Default | Meaning |", "|---|---|---|", "| **Deliveries** | | |"])
    expect(lines).toContain("| `rateLimits.send` | `{ max: 15, windowSeconds: 60 }` | `POST /store/app/v1/send` per client IP |")
    expect(lines).toContain("| **Coming soon** | | |")
    expect(lines.filter((line) => line.startsWith("| `captcha.provider` / `captcha.siteKey` / `captcha.secretKey` |"))).toHaveLength(1)
  })

  it("replaces only what lies between the markers, and says so when they are missing", () => {
    const markdown = `# Title\n\n${OPTIONS_TABLE_START}\n\nold table\n\n${OPTIONS_TABLE_END}\n\nAfter.\n`
    expect(withOptionsTable(markdown, "| new |")).toBe(`# Title\n\n${OPTIONS_TABLE_START}\n\n| new |\n\n${OPTIONS_TABLE_END}\n\nAfter.\n`)
    expect(() => withOptionsTable("# No markers\n", "| new |")).toThrow(/markers are missing/)
  })
})
