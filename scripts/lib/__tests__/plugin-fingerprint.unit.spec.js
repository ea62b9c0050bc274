const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { pluginFingerprint } = require("../plugin-fingerprint")

// A small plugin tree: what the demo reads to decide whether to build, pack and install again.
const TREE = {
  "package.json": '{"name":"medusa-plugin-launchdesk","version":"0.1.0"}',
  "package-lock.json": '{"lockfileVersion":3}',
  "tsconfig.json": '{"compilerOptions":{}}',
  "scripts/build-storefront.js": "// builds the storefront\n",
  "src/api/store/route.ts": "export const GET = () => {}\n",
  "src/modules/chat/service.ts": "export class ChatService {}\n",
  "src/modules/chat/__tests__/service.unit.spec.ts": "test('x', () => {})\n",
  "README.md": "# not an input\n",
}

let root

function write(file, content) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), content)
}

const fingerprint = (extra) => pluginFingerprint({ root, extra })

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-fingerprint-"))
  for (const [file, content] of Object.entries(TREE)) write(file, content)
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe("pluginFingerprint", () => {
  it("is the same for the same contents, whatever the files' times (a checkout or touch is no change)", () => {
    const before = fingerprint()
    const later = new Date(Date.now() + 3600_000)
    for (const file of Object.keys(TREE)) {
      // Rewritten with the same bytes and a new mtime, as a build or a checkout does.
      write(file, TREE[file])
      fs.utimesSync(path.join(root, file), later, later)
    }
    expect(fingerprint()).toBe(before)
  })

  it("changes when a source file under src/ changes", () => {
    const before = fingerprint()
    write("src/modules/chat/service.ts", "export class ChatService { ping() {} }\n")
    expect(fingerprint()).not.toBe(before)
  })

  it("changes when a source file is added, removed or renamed", () => {
    const before = fingerprint()
    write("src/api/admin/route.ts", "export const GET = () => {}\n")
    const added = fingerprint()
    expect(added).not.toBe(before)

    fs.rmSync(path.join(root, "src/api/admin/route.ts"))
    expect(fingerprint()).toBe(before)

    fs.renameSync(path.join(root, "src/api/store/route.ts"), path.join(root, "src/api/store/routes.ts"))
    expect(fingerprint()).not.toBe(before)
  })

  it("changes with package.json, the lockfile, tsconfig.json and the storefront build script", () => {
    const before = fingerprint()
    for (const file of ["package.json", "package-lock.json", "tsconfig.json", "scripts/build-storefront.js"]) {
      write(file, `${TREE[file]} `)
      expect(fingerprint()).not.toBe(before)
      write(file, TREE[file])
      expect(fingerprint()).toBe(before)
    }
  })

  it("changes with the caller's extra inputs (host settings, Medusa's version)", () => {
    expect(fingerprint({ medusa: "2.21.2" })).toBe(fingerprint({ medusa: "2.21.2" }))
    expect(fingerprint({ medusa: "2.21.2" })).not.toBe(fingerprint({ medusa: "2.21.3" }))
  })

  it("ignores tests and files outside the build's inputs", () => {
    const before = fingerprint()
    write("src/modules/chat/__tests__/service.unit.spec.ts", "test('y', () => {})\n")
    write("README.md", "# edited\n")
    expect(fingerprint()).toBe(before)
  })

  it("tells a file's content from its path (no two trees hash the same concatenation)", () => {
    write("src/a", "bc")
    const split = fingerprint()
    fs.rmSync(path.join(root, "src/a"))
    write("src/ab", "c")
    expect(fingerprint()).not.toBe(split)
  })
})
