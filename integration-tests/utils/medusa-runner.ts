import { randomBytes } from "node:crypto"
import { Client } from "pg"
import { TestDatabaseUtils, medusaIntegrationTestRunner as medusaRunner } from "@medusajs/test-utils"
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
export function medusaIntegrationTestRunner(runnerOptions: RunnerOptions) {
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
