import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * The house's one rule (docs/architecture.md), checked over every import in src/: each folder
 * stands on a floor and imports only from its own floor or below; the two features do not
 * import each other; the admin and the storefront run in the browser and import only the wire
 * types and the browser-safe rules; there are no import circles and no import climbs six
 * folders, and no file grows past 400 lines. Tests are left out: a test may reach wherever it
 * checks.
 */

const SRC = path.resolve(__dirname, "..")

/** Floors from the top down; a folder not listed here fails the first test until it is placed. */
const FLOORS: Record<string, number> = {
  api: 6,
  jobs: 6,
  subscribers: 6,
  "fast-lane": 6,
  bot: 6,
  openapi: 6,
  medusa: 5,
  workflows: 5,
  links: 5,
  chat: 4,
  "coming-soon": 4,
  modules: 3,
  shared: 2,
  types: 2,
}
/** Code that runs in the browser: it stands apart and imports only what is browser-safe. */
const BROWSER = new Set(["admin", "storefront"])
const BROWSER_SAFE = ["types/http", "shared/browser-safe"]
const FEATURES = new Set(["chat", "coming-soon"])
const MAX_CLIMB = 5
// A file past this many lines holds more than one idea a reader can keep in mind: split it by role.
const MAX_LINES = 400

type Edge = { from: string; to: string; specifier: string }

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== "__tests__") sourceFiles(full, found)
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      found.push(full)
    }
  }
  return found
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join("/")
const areaOf = (file: string) => relative(file).split("/")[0]
const isBrowserSafe = (file: string) => BROWSER_SAFE.some((folder) => relative(file).startsWith(`${folder}/`))

const files = sourceFiles(SRC)
const edges: Edge[] = files.flatMap((file) =>
  ts
    .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
    .importedFiles.filter(({ fileName }) => fileName.startsWith("."))
    .map(({ fileName }) => ({ from: file, to: resolveImport(file, fileName) ?? "", specifier: fileName }))
    .filter((edge) => edge.to.startsWith(SRC + path.sep))
)
const describeEdge = (edge: Edge) => `${relative(edge.from)} imports ${edge.specifier}`

describe("the import rule over src/", () => {
  it("reads the imports of every source file", () => {
    expect(files.length).toBeGreaterThan(100)
    expect(edges.length).toBeGreaterThan(500)
    expect(files.map(areaOf).filter((area) => !(area in FLOORS) && !BROWSER.has(area))).toEqual([])
  })

  it("never imports up a floor, and the features do not import each other", () => {
    const broken = edges.filter((edge) => {
      const [from, to] = [areaOf(edge.from), areaOf(edge.to)]
      if (BROWSER.has(from) || BROWSER.has(to) || from === to) return false
      return FLOORS[to] > FLOORS[from] || (FEATURES.has(from) && FEATURES.has(to))
    })
    expect(broken.map(describeEdge)).toEqual([])
  })

  it("keeps the admin and the storefront to their own code, the wire types and the browser-safe rules", () => {
    const broken = edges.filter((edge) => {
      const from = areaOf(edge.from)
      if (BROWSER.has(from)) return areaOf(edge.to) !== from && !isBrowserSafe(edge.to)
      // What the browser imports imports only what the browser may run.
      if (isBrowserSafe(edge.from)) return !isBrowserSafe(edge.to)
      // Server code never imports browser code.
      return BROWSER.has(areaOf(edge.to))
    })
    expect(broken.map(describeEdge)).toEqual([])
  })

  it("has no import circle", () => {
    const next = new Map<string, string[]>()
    for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to])
    const circles: string[] = []
    const state = new Map<string, "open" | "done">()
    const visit = (file: string, trail: string[]) => {
      state.set(file, "open")
      for (const target of next.get(file) ?? []) {
        if (state.get(target) === "open") circles.push([...trail.slice(trail.indexOf(target)), target].map(relative).join(" -> "))
        else if (!state.has(target)) visit(target, [...trail, target])
      }
      state.set(file, "done")
    }
    for (const file of files) if (!state.has(file)) visit(file, [file])
    expect(circles).toEqual([])
  })

  it(`climbs at most ${MAX_CLIMB} folders in an import`, () => {
    const deep = edges.filter((edge) => edge.specifier.split("/").filter((part) => part === "..").length > MAX_CLIMB)
    expect(deep.map(describeEdge)).toEqual([])
  })

  it(`keeps every source file to ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: fs.readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES)
    expect(long.map(({ file, lines }) => `${relative(file)}: ${lines} lines`)).toEqual([])
  })
})
