// A hash of what the packed plugin is built from, so the demo can tell "nothing changed"
// without building and packing first. The tarball's own bytes cannot tell: the admin
// extensions' bundle lists the plugin's routes in a different order from one build to the
// next, so two packs of the same sources differ.
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

// What `medusa plugin:build` and scripts/build-storefront.js read, and what decides how
// the host installs the package (package.json's files and exports, the locked toolchain).
const INPUT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "scripts/build-storefront.js"]
const INPUT_DIRS = ["src"]
// Left out of every build (tsconfig.json, src/admin's Vite and src/storefront's esbuild only
// follow imports): editing a test does not make a new demo build.
const SKIPPED_DIRS = new Set(["__tests__"])

/** Relative paths (with "/") of the files under `dir`, sorted, skipping SKIPPED_DIRS. */
function filesUnder(root, dir) {
  const found = []
  const walk = (relative) => {
    const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true })
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child)
      } else if (entry.isFile()) {
        found.push(child)
      }
    }
  }
  if (fs.existsSync(path.join(root, dir))) walk(dir)
  return found.sort()
}

/**
 * sha256 over the path and content of every input file (never their mtimes), plus `extra`
 * (anything else the caller's build depends on, JSON-serialised).
 * @param {{ root: string, extra?: unknown }} options
 * @returns {string}
 */
function pluginFingerprint({ root, extra = null }) {
  const hash = crypto.createHash("sha256")
  const files = [...INPUT_FILES.filter((file) => fs.existsSync(path.join(root, file))), ...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir))]
  for (const file of files) {
    const content = fs.readFileSync(path.join(root, file))
    // Length-prefixed, so no two different trees can hash the same concatenation.
    hash.update(`${file}\0${content.length}\0`).update(content)
  }
  hash.update(JSON.stringify(extra))
  return hash.digest("hex")
}

module.exports = { pluginFingerprint }
