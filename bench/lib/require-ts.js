// Lets a bench load the TypeScript test doubles in integration-tests/utils (a fake upstream
// the specs already trust) without a build: `.ts` files compile to CommonJS with @swc/core
// on require.
const fs = require("node:fs")
const Module = require("node:module")
const { transformSync } = require("@swc/core")

Module._extensions[".ts"] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, "utf8"), {
    filename,
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
  })
  module._compile(code, filename)
}
