// The demo's Medusa store: the packed plugin installed into a host app under .data/, with
// the admin dashboard built once. Later runs reuse both while the plugin's sources, the host
// settings and Medusa's version are unchanged: building, packing, installing and the dashboard
// build are most of a first run, so none of them runs then.
const fs = require("node:fs")
const path = require("node:path")
const { ROOT, createHostApp, medusa, packPlugin } = require("../../scripts/lib/host-app")
const { pluginFingerprint } = require("../../scripts/lib/plugin-fingerprint")

const DATA_DIR = path.join(ROOT, ".data")
// Fixed, unlike Medusa's port: the host's settings (reply-email links) name it.
const STOREFRONT_PORT = 8000
const STOREFRONT_URL = `http://localhost:${STOREFRONT_PORT}`
const HOST_DIR = path.join(DATA_DIR, "demo-host")
const PACK_DIR = path.join(DATA_DIR, "demo-pack")
const FINGERPRINT_FILE = path.join(HOST_DIR, ".demo-fingerprint")
// Where `medusa start` serves the dashboard from (ADMIN_RELATIVE_OUTPUT_DIR in @medusajs/medusa).
const ADMIN_DIST = path.join(HOST_DIR, "public", "admin")
// What a reused host must still have: the dashboard, the installed plugin and its fast-lane bin.
const HOST_OUTPUTS = [
  path.join(ADMIN_DIST, "index.html"),
  path.join(HOST_DIR, "node_modules", "medusa-plugin-launchdesk", "package.json"),
  path.join(HOST_DIR, "node_modules", ".bin", "launchdesk-fast-lane"),
]

// `medusa build --admin-only` refuses to run without a tsconfig that has at least one input.
const HOST_TSCONFIG = JSON.stringify({
  compilerOptions: { allowJs: true, target: "ES2021", module: "Node16", outDir: ".medusa/server" },
  include: ["medusa-config.js"],
})

const HOST_SETTINGS = {
  admin: true,
  pluginOptions: {
    // The demo is plain http: a Secure visitor cookie would be dropped by curl and some browsers.
    cookieSecure: false,
    storeUrl: STOREFRONT_URL,
  },
  projectConfig: {
    // `medusa start` runs in production mode, whose Secure session cookie is never set over
    // plain http: the dashboard login would loop. "auto" marks it Secure only over https.
    cookieOptions: { secure: "auto" },
  },
  modules: [
    // Chat files are private: Medusa's local provider keeps them outside the publicly served
    // static/ folder, as docs/chat.md tells every store on that provider to do.
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [{ resolve: "@medusajs/medusa/file-local", id: "local", options: { private_upload_dir: "private-uploads" } }],
      },
    },
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            // `feed` keeps the dashboard's notifications working; `email` is logged, not sent.
            options: { name: "Local Notification Provider", channels: ["feed", "email"] },
          },
        ],
      },
    },
  ],
  files: { "tsconfig.json": HOST_TSCONFIG },
}

// A new Medusa in node_modules also means a new dashboard build and possibly new migrations.
const MEDUSA_VERSION = require(require.resolve("@medusajs/medusa/package.json", { paths: [ROOT] })).version

// How the host is written and built (the config template, this file's buildAdmin) counts too.
const HOST_SCRIPTS = [path.join(ROOT, "scripts", "lib", "host-app.js"), __filename]

/** The plugin's inputs plus everything else the demo host is made from. */
const demoFingerprint = () =>
  pluginFingerprint({
    root: ROOT,
    extra: { MEDUSA_VERSION, HOST_SETTINGS, hostScripts: HOST_SCRIPTS.map((file) => fs.readFileSync(file, "utf8")) },
  })

const readFingerprint = () => (fs.existsSync(FINGERPRINT_FILE) ? fs.readFileSync(FINGERPRINT_FILE, "utf8") : null)

/** Builds the dashboard (with the plugin's admin extensions) where `medusa start` serves it. */
async function buildAdmin(env) {
  // The dashboard's Tailwind resolves the plugin's admin from Medusa's own folder, which is
  // this repository's node_modules here; NODE_PATH lets it find the host's installed copy.
  const nodePath = [path.join(HOST_DIR, "node_modules"), process.env.NODE_PATH].filter(Boolean).join(path.delimiter)
  await medusa(HOST_DIR, ["build", "--admin-only"], { ...env, NODE_PATH: nodePath })
  fs.rmSync(ADMIN_DIST, { recursive: true, force: true })
  fs.mkdirSync(path.dirname(ADMIN_DIST), { recursive: true })
  fs.renameSync(path.join(HOST_DIR, ".medusa", "admin"), ADMIN_DIST)
}

/**
 * Builds, packs and installs the plugin and builds the dashboard, unless the host was
 * already made from the same inputs (see demoFingerprint).
 * @param {{ env: Record<string, string>, step: (label: string) => void }} options
 * @returns {Promise<{ dir: string, rebuilt: boolean, fingerprint: string }>}
 */
async function prepareDemoHost({ env, step }) {
  // Taken before building: a file edited during the build makes the next run build again.
  const fingerprint = demoFingerprint()
  if (readFingerprint() === fingerprint && HOST_OUTPUTS.every((file) => fs.existsSync(file))) {
    return { dir: HOST_DIR, rebuilt: false, fingerprint }
  }
  step("Building and packing the plugin (first run, or its sources changed)")
  const tarball = await packPlugin(PACK_DIR)
  step("Installing the plugin into the demo host (.data/demo-host)")
  await createHostApp({ dir: HOST_DIR, tarball, ...HOST_SETTINGS })
  step("Building the admin dashboard")
  await buildAdmin(env)
  // Written last: an interrupted build is redone on the next run.
  fs.writeFileSync(FINGERPRINT_FILE, fingerprint)
  return { dir: HOST_DIR, rebuilt: true, fingerprint }
}

module.exports = { DATA_DIR, STOREFRONT_PORT, STOREFRONT_URL, prepareDemoHost }
