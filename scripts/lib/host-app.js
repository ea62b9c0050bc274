// A minimal Medusa store that installs the plugin the way a store owner does: from the
// packed tarball, registered under `plugins`. Used by the packaging test, the benchmarks
// and the demo. The host lives inside this repository (git-ignored), so the Medusa
// packages it needs resolve from the repository's own node_modules. A host of another
// Medusa version (`medusaVersion`) has its own node_modules instead, installed once and
// cached outside the repository (where nothing resolves from the repository by accident).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { spawn } = require("node:child_process")

const ROOT = path.resolve(__dirname, "../..")
function exec(command, args, { cwd, env = process.env, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" })
    let output = ""
    child.stdout?.on("data", (chunk) => (output += chunk))
    child.stderr?.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${output.slice(-4000)}`))
    )
  })
}

/** Caches that outlive a run: hosts of other Medusa versions, the storefront consumer project. */
const CACHE_DIR = process.env.LAUNCHDESK_CACHE_DIR || path.join(os.tmpdir(), "launchdesk-cache")

/** The Medusa CLI the host in `dir` resolves (its own, or the repository's). */
const medusaCli = (dir) => require.resolve("@medusajs/cli/cli.js", { paths: [dir] })

/**
 * A store's own packages at `version`, as create-medusa-app lists them, installed once into
 * CACHE_DIR/medusa-host-<version> (about 2 minutes and 700 MB) and reused by later runs.
 */
async function versionedHostDir(version) {
  const dir = path.join(CACHE_DIR, `medusa-host-${version}`)
  const ready = path.join(dir, ".launchdesk-ready")
  if (fs.existsSync(ready)) return dir
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const store = ["@medusajs/medusa", "@medusajs/framework", "@medusajs/cli", "@medusajs/admin-sdk"]
  const manifest = {
    name: "launchdesk-host",
    private: true,
    version: "0.0.0",
    dependencies: Object.fromEntries(store.map((name) => [name, version])),
  }
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2))
  await exec("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], { cwd: dir })
  fs.writeFileSync(ready, new Date().toISOString())
  return dir
}

/**
 * The packed plugin that `npm test` built once for every suite (scripts/test.js sets it): the
 * suites run side by side, and two `plugin:build`s at once would write the same .medusa/.
 */
const PACKED_PLUGIN_VARIABLE = "LAUNCHDESK_PACKED_PLUGIN"

/**
 * `medusa plugin:build`, the storefront bundles, then `npm pack`; returns the tarball's path.
 * With LAUNCHDESK_PACKED_PLUGIN set, a copy of that tarball instead.
 */
async function packPlugin(destination) {
  fs.mkdirSync(destination, { recursive: true })
  const prepacked = process.env[PACKED_PLUGIN_VARIABLE]
  if (prepacked) {
    const copy = path.join(destination, path.basename(prepacked))
    fs.copyFileSync(prepacked, copy)
    return copy
  }
  await exec(process.execPath, [medusaCli(ROOT), "plugin:build"], { cwd: ROOT })
  await exec(process.execPath, [path.join(ROOT, "scripts", "build-storefront.js")], { cwd: ROOT })
  const output = await exec("npm", ["pack", "--json", "--pack-destination", destination], { cwd: ROOT })
  const [{ filename }] = JSON.parse(output.slice(output.indexOf("[")))
  return path.join(destination, filename)
}

/** A host of the repository's Medusa: only the plugin installed, its peers resolved from the repository. */
async function installFromRepository(dir, tarball) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const manifest = { name: "launchdesk-host", private: true, version: "0.0.0", dependencies: {} }
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2))
  // Peers (Medusa itself) come from the repository's node_modules, as a store already has them.
  await exec("npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps", "--no-package-lock", tarball], {
    cwd: dir,
  })
  const installed = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))
  // The medusa CLI only runs in a folder whose package.json lists @medusajs/medusa.
  installed.dependencies["@medusajs/medusa"] = "2.21.2"
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(installed, null, 2))
}

// Both are omitted when empty, so configs written without them stay exactly as they were.
const modulesEntry = (modules) => (modules.length ? `\n  modules: ${JSON.stringify(modules)},` : "")
const projectConfigEntries = (entries) =>
  Object.entries(entries)
    .map(([key, value]) => `\n    ${key}: ${JSON.stringify(value)},`)
    .join("")

/**
 * Writes and installs the host app.
 * `modules` are extra entries for the config's `modules` list (e.g. a Notification provider);
 * `projectConfig` adds keys to its `projectConfig` (e.g. `cookieOptions`).
 * `medusaVersion`: a store of that Medusa version, cached (see versionedHostDir), which gets
 * the plugin by `npm install`; `dir` is then unused and the cached folder is returned.
 * @param {{ dir: string, tarball: string, medusaVersion?: string, pluginOptions?: object, admin?: boolean, modules?: object[], projectConfig?: Record<string, unknown>, files?: Record<string, string> }} options
 */
async function createHostApp({
  dir: requestedDir,
  tarball,
  medusaVersion,
  pluginOptions = {},
  admin = false,
  modules = [],
  projectConfig = {},
  files = {},
}) {
  const dir = medusaVersion ? await versionedHostDir(medusaVersion) : requestedDir
  if (medusaVersion) {
    // --no-save: the next run installs its own tarball over this one. --legacy-peer-deps: a
    // Medusa 2.14 store's own tree has a peer conflict (@medusajs/icons 2.14.1 wants React
    // ^19.2.5, the dashboard installs 18) that npm reports on any later install there; the
    // packaging test checks the plugin's peer ranges against the store's versions instead.
    const args = ["install", "--no-audit", "--no-fund", "--no-package-lock", "--no-save", "--legacy-peer-deps", tarball]
    await exec("npm", args, { cwd: dir })
  } else {
    await installFromRepository(dir, tarball)
  }

  fs.writeFileSync(
    path.join(dir, "medusa-config.js"),
    `const { defineConfig } = require("@medusajs/framework/utils")

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "host-jwt-secret",
      cookieSecret: process.env.COOKIE_SECRET || "host-cookie-secret",
    },${projectConfigEntries(projectConfig)}
  },
  admin: { disable: ${!admin} },
  plugins: [{ resolve: "medusa-plugin-launchdesk", options: ${JSON.stringify(pluginOptions)} }],${modulesEntry(modules)}
})
`
  )
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), content)
  }
  return dir
}

const medusa = (dir, args, env) => exec(process.execPath, [medusaCli(dir), ...args], { cwd: dir, env: { ...process.env, ...env } })

/** Starts `medusa start` on `port` and resolves once it answers /health. */
async function startServer(dir, { port, env = {}, log }) {
  const child = spawn(process.execPath, [medusaCli(dir), "start", "--port", String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const collect = (chunk) => {
    output += chunk
    log?.(String(chunk))
  }
  child.stdout.on("data", collect)
  child.stderr.on("data", collect)
  const exited = new Promise((resolve) => child.on("exit", resolve))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`medusa start exited ${child.exitCode}\n${output.slice(-4000)}`)
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`medusa start did not answer /health in time\n${output.slice(-4000)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
        if (child.exitCode === null) child.kill("SIGKILL")
      }
    },
  }
}

module.exports = { ROOT, CACHE_DIR, PACKED_PLUGIN_VARIABLE, exec, packPlugin, createHostApp, medusa, startServer }
