// `npm run lint` (eslint .): the TypeScript with typescript-eslint's recommended rules, the
// admin's and the storefront's React with the hooks and accessibility rules, and the Node
// scripts, benchmarks and demo as plain CommonJS. The rules that need type information are
// left out: over src/ they take three times as long as all of this.
import js from "@eslint/js"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

// A parameter a signature requires but the body does not read is named with a leading _.
const unusedVars = ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }]

export default tseslint.config(
  {
    // Built or fetched files, and the specs, which tsc checks (integration-tests/tsconfig.json).
    // src/admin/__admin-extensions__.js: the entry `medusa plugin:build` writes while it builds
    // (and removes after), which a lint beside `npm test`'s pack would otherwise read.
    ignores: ["**/node_modules/", ".medusa/", ".data/", ".tmp/", ".cache/", "packages/*/dist/", "bench/results/", "static/", "integration-tests/", "src/admin/__admin-extensions__.js"],
  },
  {
    files: ["src/**/*.{ts,tsx}", "*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: { "@typescript-eslint/no-unused-vars": unusedVars },
  },
  {
    // These two load a module synchronously by a path found at run time (the store's config, Medusa's status helpers).
    files: ["src/fast-lane/config.ts", "src/chat/customer-context/order-variables.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["src/admin/**/*.{ts,tsx}", "src/storefront/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ["src/**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    // The admin draws with @medusajs/ui: its components render these native elements, so the
    // rules check them as they check the elements themselves.
    settings: {
      "jsx-a11y": {
        components: { Button: "button", IconButton: "button", Input: "input", Textarea: "textarea", Label: "label", Heading: "h2", Table: "table" },
      },
    },
  },
  {
    files: ["**/*.js", "*.mjs"],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "no-unused-vars": unusedVars },
  },
  {
    files: ["*.mjs"],
    languageOptions: { sourceType: "module" },
  },
  {
    files: ["scripts/**/__tests__/**/*.js"],
    languageOptions: { globals: globals.jest },
  },
  {
    // The demo storefront's page script runs in the browser.
    files: ["demo/storefront/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  }
)
