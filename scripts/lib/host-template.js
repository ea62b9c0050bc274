// What every browser test host of one packed plugin starts from, made once for the run instead
// of once per host: a database migrated by `medusa db:migrate` in a host of that plugin, holding
// the store owner, and the dashboard built with the plugin's admin extensions. A host copies the
// database (PostgreSQL's CREATE DATABASE … TEMPLATE, a fraction of a second) and the build; the
// migration and the owner's CLI call cost a host about a minute of CPU each time, the build
// several. The packaging spec still migrates and builds as a store owner does.
const path = require("node:path")
const { createHostApp, medusa } = require("./host-app")
const { OWNER } = require("./store-owner")

/** Names the migrated host database on the run's PostgreSQL (read by integration-tests/utils/host-workspace.ts). */
const HOST_DATABASE_VARIABLE = "LAUNCHDESK_HOST_DATABASE"
/** The folder of the built dashboard a host serves as `public/admin` (read by integration-tests/browser/admin-host.ts). */
const DASHBOARD_VARIABLE = "LAUNCHDESK_DASHBOARD"

// `medusa build --admin-only` refuses to run without a tsconfig that has at least one input.
const HOST_TSCONFIG = JSON.stringify({
  compilerOptions: { allowJs: true, target: "ES2021", module: "Node16", outDir: ".medusa/server" },
  include: ["medusa-config.js"],
})

/** `medusa build --admin-only` in the host `hostDir`; returns the folder it wrote (`<host>/.medusa/admin`). */
async function buildDashboard(hostDir, env) {
  // The dashboard's Tailwind finds a plugin's classes with `require.resolve("<plugin>/admin")`
  // from Medusa's own folder, which is the repository's node_modules here, not the host's:
  // NODE_PATH lets it find the installed plugin (a real store needs nothing of the kind).
  const nodePath = [path.join(hostDir, "node_modules"), process.env.NODE_PATH].filter(Boolean).join(path.delimiter)
  await medusa(hostDir, ["build", "--admin-only"], { ...env, NODE_PATH: nodePath })
  return path.join(hostDir, ".medusa", "admin")
}

/**
 * Installs `tarball` in a host under `dir` and starts both halves, which a caller awaits apart
 * (a storefront host needs no dashboard): `database`, the name of a database on `db` migrated
 * and holding OWNER, and, with `dashboard`, the built dashboard's folder.
 * @param {{ tarball: string, dir: string, db: { url: (name: string) => string, createDatabase: (name: string) => Promise<void> }, name: string, dashboard: boolean, env?: Record<string, string> }} options
 */
function prepareHostTemplate({ tarball, dir, db, name, dashboard, env = {} }) {
  const installed = createHostApp({ dir, tarball, admin: true, files: { "tsconfig.json": HOST_TSCONFIG } })
  const database = installed.then(async () => {
    await db.createDatabase(name)
    const hostEnv = { ...env, DATABASE_URL: db.url(name) }
    await medusa(dir, ["db:migrate"], hostEnv)
    await medusa(dir, ["user", "-e", OWNER.email, "-p", OWNER.password], hostEnv)
    return name
  })
  const built = dashboard ? installed.then(() => buildDashboard(dir, env)) : Promise.resolve(undefined)
  return { database, dashboard: built }
}

module.exports = { DASHBOARD_VARIABLE, HOST_DATABASE_VARIABLE, HOST_TSCONFIG, buildDashboard, prepareHostTemplate }
