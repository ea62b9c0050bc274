import fs from "node:fs"
import path from "node:path"

// Medusa records every module's migrations by name in one table: a second module's migration
// with a name already recorded is taken as run and skipped, leaving its columns missing.
describe("the modules' migrations", () => {
  it("have names unique across all modules", () => {
    const modules = path.join(__dirname, "..")
    const names = fs
      .readdirSync(modules)
      .flatMap((module) => {
        const folder = path.join(modules, module, "migrations")
        return fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => /^Migration\d+\.ts$/.test(file)) : []
      })
      .map((file) => file.replace(/\.ts$/, ""))
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })
})
