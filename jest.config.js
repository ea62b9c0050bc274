// No loadEnv here: medusa-config.ts loads `.env.test` itself when a spec boots Medusa, and
// requiring Medusa's utils in the config cost every Jest process a second of CPU.
const suites = {
  // A group of spec files sharing one booted app (integration-tests/http/shared-apps.js) runs
  // through its own entry file, which matches only when a group is named.
  "integration:http": process.env.LAUNCHDESK_SHARED_APP
    ? ["**/integration-tests/http/shared-app.group.ts"]
    : ["**/integration-tests/http/**/*.spec.[jt]s"],
  "integration:modules": ["**/src/modules/*/__tests__/**/*.[jt]s"],
  unit: [
    "**/src/**/__tests__/**/*.unit.spec.[jt]s",
    "**/scripts/**/__tests__/**/*.unit.spec.[jt]s",
    "**/integration-tests/utils/__tests__/**/*.unit.spec.[jt]s",
  ],
  "integration:packaging": ["**/integration-tests/packaging/**/*.spec.[jt]s"],
  faults: ["**/integration-tests/faults/**/*.spec.[jt]s"],
  "integration:topology": ["**/integration-tests/topology/**/*.spec.[jt]s"],
  browser: ["**/integration-tests/browser/**/*.spec.[jt]s"],
}

module.exports = {
  transform: {
    "^.+\\.[jt]s$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true },
          transform: { decoratorMetadata: true },
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.tmp/", "<rootDir>/demo/"],
  setupFiles: ["./integration-tests/setup.js"],
  testMatch: suites[process.env.TEST_TYPE] ?? [],
}
