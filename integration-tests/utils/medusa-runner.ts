import { randomBytes } from "node:crypto"
import path from "node:path"
import { Client } from "pg"
import { TestDatabaseUtils, medusaIntegrationTestRunner as medusaRunner } from "@medusajs/test-utils"
import { dropPostgresDatabaseTemplate } from "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"
import { MIGRATED_DATABASE_VARIABLE } from "../../scripts/lib/database"
import { retrySnapshotsWhileInUse, retryWhileInUse } from "./database-template"
import { checkResponsesOf, failOnResponseViolations } from "./response-check"

type RunnerOptions = Parameters<typeof medusaRunner>[0]

async function createDatabaseFrom(template: string, name: string) {
  const client = new Client({ connectionString: TestDatabaseUtils.getDatabaseURL("postgres") })
  await client.connect()
  try {
    await retryWhileInUse(() => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`), { attempts: 20, pauseMs: 250 })
  } finally {
    await client.end()
  }
}

retrySnapshotsWhileInUse()

/**
 * The spec's suite, with every answer its `api` receives checked against docs/openapi.json: a
 * test that received an answer the description does not allow fails after it ends.
 */
function withResponseCheck(testSuite: RunnerOptions["testSuite"]): RunnerOptions["testSuite"] {
  return (suite) => {
    // The runner's own beforeAll, registered before this, has made the axios instance.
    beforeAll(() => {
      checkResponsesOf(suite.api)
    })
    afterEach(failOnResponseViolations)
    afterAll(failOnResponseViolations)
    return testSuite(suite)
  }
}

/**
 * Medusa's `medusaIntegrationTestRunner`, starting from the run's migrated database when
 * `npm test` made one: the spec's database is a copy of it, so Medusa's own migration pass
 * finds every module's and link's migrations applied (and applies any that are not) instead of
 * running them all again, about a third of a spec's start. Run alone, it is Medusa's runner.
 * Either way every answer is checked against the OpenAPI description (`withResponseCheck`).
 */
// While runSpecsOnOneApp requires its spec files, their runner calls land here instead of booting.
let collected: RunnerOptions[] | undefined

export function medusaIntegrationTestRunner(runnerOptions: RunnerOptions) {
  if (collected) {
    collected.push(runnerOptions)
    return
  }
  return bootRunner(runnerOptions)
}

function bootRunner(runnerOptions: RunnerOptions) {
  const options = { ...runnerOptions, testSuite: withResponseCheck(runnerOptions.testSuite) }
  const template = process.env[MIGRATED_DATABASE_VARIABLE]
  if (!template || options.dbName) return medusaRunner(options)
  // Medusa's runner names its own copy "<name>-template": both stay within PostgreSQL's 63 bytes.
  const dbName = `launchdesk-spec-${randomBytes(8).toString("hex")}`
  return medusaRunner({
    ...options,
    dbName,
    hooks: {
      ...options.hooks,
      // Before the runner creates (here: finds) and migrates its database.
      beforeServerStart: async (container) => {
        await createDatabaseFrom(template, dbName)
        await options.hooks?.beforeServerStart?.(container)
      },
    },
  })
}

// The variables through which a spec configures the app it boots (see medusa-config.ts).
const CONFIG_VARIABLE_PREFIX = "LAUNCHDESK_TEST_"

const configVariables = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith(CONFIG_VARIABLE_PREFIX)))

function setConfigVariables(variables: Record<string, string | undefined>) {
  for (const name of Object.keys(configVariables())) delete process.env[name]
  Object.assign(process.env, variables)
}

/** What requiring `file` registers with the runner, and the configuration variables it sets meanwhile. */
function collectSpec(file: string, before: Record<string, string | undefined>) {
  setConfigVariables(before)
  collected = []
  try {
    require(file)
    if (collected.length !== 1) throw new Error(`${file} calls medusaIntegrationTestRunner ${collected.length} times; a spec sharing an app calls it once`)
    const [options] = collected
    const extra = Object.keys(options).filter((key) => key !== "testSuite")
    if (extra.length) throw new Error(`${file} passes ${extra.join(", ")} to the runner; a spec sharing an app passes its testSuite only`)
    return { file, options, variables: configVariables() }
  } finally {
    collected = undefined
  }
}

/**
 * Runs several spec files on one booted Medusa app, as `npm test` does for the groups of
 * integration-tests/http/shared-apps.js: a boot is most of a small spec's time. Each spec
 * starts from the database as the boot left it, runs its own beforeAll hooks, and its tests
 * restore the state those made, as if it had booted alone. Specs that configure the app
 * (configuration variables, runner options) differently cannot share it: that fails here.
 */
export function runSpecsOnOneApp(files: string[], root: string) {
  const before = configVariables()
  const specs = files.map((file) => collectSpec(file, before))
  const [first] = specs
  for (const spec of specs) {
    if (JSON.stringify(spec.variables) !== JSON.stringify(first.variables)) {
      throw new Error(`${spec.file} configures the app otherwise than ${first.file}: they cannot share one app`)
    }
  }
  setConfigVariables(first.variables)
  bootRunner({
    testSuite: (suite) => {
      const bootState = () => `${suite.dbConfig.dbName}-boot`
      specs.forEach(({ file, options }, index) => {
        describe(path.relative(root, file), () => {
          // Before the spec's own beforeAll hooks: the database as the boot left it.
          beforeAll(() => (index === 0 ? suite.dbUtils.snapshot({ templateName: bootState() }) : suite.dbUtils.restore({ templateName: bootState() })))
          options.testSuite(suite)
          // After them: the state each of its tests starts from (the runner restores it before every test but the first).
          beforeAll(() => suite.dbUtils.snapshot())
        })
      })
      afterAll(() => dropPostgresDatabaseTemplate(bootState()))
    },
  })
}
