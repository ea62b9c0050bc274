#!/usr/bin/env node
// `npm run build:storefront`: the storefront side of the package, into .medusa/storefront
// (shipped through package.json "files"; `medusa plugin:build` only cleans .medusa/server).
// `--out <dir>` builds the same files elsewhere: packages/storefront builds its dist/ this way,
// so the backend plugin and @launchdesk/storefront ship identical bundles from one source.
//   launchdesk.js              the script tag: chat widget + coming-soon loader (IIFE)
//   launchdesk-coming-soon.js  the coming-soon block, loaded only on a coming-soon product page
//   launchdesk-chat-extras.js  the chat's attachments and rating, loaded when the chat needs them
//   launchdesk-chat-stream.js  the push stream's reader, loaded when a conversation opens its stream
//   launchdesk-locale-<tag>.js one language's texts (src/shared/browser-safe/widget-messages/<tag>.json) and the ICU
//                              message reader, loaded for a shopper in that language (or for a
//                              store's own messages with values)
//   react/index.{mjs,js}       React bindings ("use client"; react stays external). The ESM build is split:
//                              index.mjs holds the components' shells, and the controllers, elements,
//                              labels and each language are chunks beside it, loaded by import() on
//                              mount (an app's bundler follows them). The CJS build stays one file.
//   react/server.{mjs,js}      getComingSoonState, for server components (no "use client")
//   types/                     TypeScript declarations (also type-checks src/storefront): types/storefront/ and
//                              types/shared/browser-safe/ mirror src/, types/react/index.d.ts re-exports the bindings'
// Prints each browser file's size, raw and gzipped.
const fs = require("node:fs")
const path = require("node:path")
const zlib = require("node:zlib")
const { spawn } = require("node:child_process")
const esbuild = require("esbuild")

const ROOT = path.resolve(__dirname, "..")
const SOURCE = path.join(ROOT, "src", "storefront")
const outFlag = process.argv.indexOf("--out")
const FINAL =
  outFlag === -1 ? path.join(ROOT, ".medusa", "storefront") : path.resolve(process.cwd(), process.argv[outFlag + 1])
// Built next to it, then swapped in: a concurrent `npm pack` never sees a half-built folder.
const OUT = `${FINAL}.build-${process.pid}`
const { version } = require(path.join(ROOT, "package.json"))

// Browsers from 2021 on (every one with custom elements and shadow DOM runs ES2020). Chrome 91,
// not 80: for older Chrome esbuild rewrites every `?.` into a longer form (a V8 bug fixed in 91),
// about 300 bytes of launchdesk.js gzipped.
const BROWSER_TARGET = ["es2020", "chrome91", "firefox78", "safari14"]
const define = { __LAUNCHDESK_VERSION__: JSON.stringify(version) }

function typecheckAndDeclare() {
  return new Promise((resolve, reject) => {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] })
    const args = [
      tsc,
      "-p",
      path.join(SOURCE, "tsconfig.json"),
      "--noEmit",
      "false",
      "--declaration",
      "--emitDeclarationOnly",
      "--outDir",
      path.join(OUT, "types"),
      // The storefront imports src/shared/browser-safe/ too: the declarations keep src/'s layout.
      "--rootDir",
      path.join(ROOT, "src"),
    ]
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: "inherit" })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("type errors in src/storefront"))))
  }).then(() => {
    // The published entry of the React bindings' types stays types/react/index.d.ts (package.json "exports").
    fs.mkdirSync(path.join(OUT, "types", "react"), { recursive: true })
    fs.writeFileSync(path.join(OUT, "types", "react", "index.d.ts"), 'export * from "../storefront/react/index"\n')
    fs.writeFileSync(path.join(OUT, "types", "react", "server.d.ts"), 'export * from "../storefront/react/server"\n')
  })
}

/**
 * The shadow roots' CSS (elements/*-styles.ts and the parts' own `*_CSS`) is written readable:
 * its template literals lose their line breaks, indentation and the spaces around `{ } ; : ,`
 * in the bundles (space before a `:` stays, it can be a descendant combinator).
 */
const compactCss = {
  name: "compact-css",
  setup(build) {
    build.onLoad({ filter: /[\\/]storefront[\\/]elements[\\/].*\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, "utf8")
      const contents = source.replace(/(_CSS|_RULES|_PROPERTIES) = `([^`]*)`/g, (_, name, css) => {
        const compact = css
          .replace(/\/\*[^]*?\*\//g, "")
          .replace(/\s*\n\s*/g, " ")
          .replace(/\s*([{};,>])\s*/g, "$1")
          .replace(/:\s+/g, ":")
          .replace(/;}/g, "}")
          .trim()
        return `${name} = \`${compact}\``
      })
      return { contents, loader: "ts" }
    })
  },
}

const browserBundle = (entry, outfile) =>
  esbuild.build({
    entryPoints: [path.join(SOURCE, "entries", entry)],
    outfile: path.join(OUT, outfile),
    bundle: true,
    format: "iife",
    minify: true,
    target: BROWSER_TARGET,
    define,
    charset: "utf8",
    plugins: [compactCss],
    legalComments: "none",
    logLevel: "warning",
  })

// The message files sit with the browser-safe code: the admin shows them as the defaults a store overrides.
const MESSAGES = path.join(SOURCE, "..", "shared", "browser-safe", "widget-messages")
const LOCALES = fs
  .readdirSync(MESSAGES)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length))
  .sort()

// One file per language: its messages, and the reader that turns them into the widget's labels.
const localeBundle = (tag) =>
  esbuild.build({
    stdin: {
      contents: `import messages from ${JSON.stringify(path.join(MESSAGES, `${tag}.json`))}\nimport { registerLocale } from "./register"\nregisterLocale(${JSON.stringify(tag)}, messages)\n`,
      resolveDir: path.join(SOURCE, "i18n"),
      loader: "ts",
    },
    outfile: path.join(OUT, `launchdesk-locale-${tag}.js`),
    bundle: true,
    format: "iife",
    minify: true,
    charset: "utf8",
    target: BROWSER_TARGET,
    legalComments: "none",
    logLevel: "warning",
  })

const reactSettings = {
  bundle: true,
  platform: "neutral",
  mainFields: ["module", "main"],
  external: ["react", "react/jsx-runtime"],
  target: BROWSER_TARGET,
  define,
  logLevel: "warning",
}
// Keeps the components usable from server components; the bundler of the app reads it.
const USE_CLIENT = { js: '"use client";' }

const reactBundle = (format, outfile) =>
  esbuild.build({
    ...reactSettings,
    entryPoints: [path.join(SOURCE, "react", "index.ts")],
    outfile: path.join(OUT, "react", outfile),
    format,
    banner: USE_CLIENT,
  })

// The ESM bindings split at their dynamic imports: what a page's first load carries is index.mjs alone.
const reactSplitBundle = () =>
  esbuild.build({
    ...reactSettings,
    entryPoints: { index: path.join(SOURCE, "react", "index.ts") },
    outdir: path.join(OUT, "react"),
    format: "esm",
    splitting: true,
    outExtension: { ".js": ".mjs" },
    chunkNames: "parts/[name]-[hash]",
    banner: USE_CLIENT,
  })

const reactServerBundle = (format, outfile) =>
  esbuild.build({
    ...reactSettings,
    entryPoints: [path.join(SOURCE, "react", "server.ts")],
    outfile: path.join(OUT, "react", outfile),
    format,
  })

function sizeLine(file) {
  const content = fs.readFileSync(path.join(OUT, file))
  const gzipped = zlib.gzipSync(content, { level: 9 }).length
  return `  ${file.padEnd(28)} ${(content.length / 1024).toFixed(1).padStart(6)} kB   gzip ${(gzipped / 1024).toFixed(1).padStart(5)} kB`
}

async function main() {
  fs.rmSync(OUT, { recursive: true, force: true })
  await typecheckAndDeclare()
  await Promise.all([
    browserBundle("launchdesk.ts", "launchdesk.js"),
    browserBundle("coming-soon.ts", "launchdesk-coming-soon.js"),
    browserBundle("chat-extras.ts", "launchdesk-chat-extras.js"),
    browserBundle("chat-stream.ts", "launchdesk-chat-stream.js"),
    ...LOCALES.map(localeBundle),
    reactSplitBundle(),
    reactBundle("cjs", "index.js"),
    reactServerBundle("esm", "server.mjs"),
    reactServerBundle("cjs", "server.js"),
  ])
  const sizes = [
    "launchdesk.js",
    "launchdesk-coming-soon.js",
    "launchdesk-chat-extras.js",
    "launchdesk-chat-stream.js",
    ...LOCALES.map((tag) => `launchdesk-locale-${tag}.js`),
  ].map(sizeLine)
  fs.rmSync(FINAL, { recursive: true, force: true })
  fs.renameSync(OUT, FINAL)
  console.log(`Storefront bundles in ${path.relative(ROOT, FINAL)}:`)
  for (const line of sizes) console.log(line)
}

main().catch((error) => {
  fs.rmSync(OUT, { recursive: true, force: true })
  console.error(error.message)
  process.exit(1)
})
