import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { config as deliverBridgeOutbox } from "../../../src/jobs/deliver-bridge-outbox"
import { config as pruneRateLimitWindows } from "../../../src/jobs/prune-rate-limit-windows"
import { config as relayVisitorEffects } from "../../../src/jobs/relay-visitor-effects"
import { config as syncSignups } from "../../../src/jobs/sync-signups"
import { config as runLaunches } from "../../../src/jobs/run-coming-soon-launches"
import { config as sendConfirmations } from "../../../src/jobs/send-coming-soon-confirmations"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../src/modules/support-chat"
import { bridgeDelivery, medusaEffectsRelay, medusaPush, medusaVisitorDeps } from "../../../src/medusa/chat"
import { CHAT_SIGNAL_CHANNEL } from "../../../src/modules/support-chat/runtime/chat-signals"

jest.setTimeout(240 * 1000)

// An hour of the plugin's schedules: every 2 s, every 5 s, every 10 s, every minute, every 10 minutes.
const HOUR_OF_RUNS = [
  { job: relayVisitorEffects.name, runs: 720 },
  { job: deliverBridgeOutbox.name, runs: 60 },
  { job: syncSignups.name, runs: 360 },
  { job: runLaunches.name, runs: 1800 },
  { job: sendConfirmations.name, runs: 360 },
  { job: pruneRateLimitWindows.name, runs: 6 },
]

/** Connections to the test database other than the one asking: every one is this process's. */
async function connectionCount(knex: Knex): Promise<number> {
  const result = await knex.raw(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
  )
  return (result.rows[0] as { n: number }).n + 1
}

/** The backends that LISTEN for the chat: the listener's own (its last query may be its ping) and any other. */
async function listeningBackends(knex: Knex, listenerPid: number | null): Promise<number> {
  const result = await knex.raw(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND (query LIKE 'LISTEN %' OR pid = ?)`,
    [listenerPid]
  )
  return (result.rows[0] as { n: number }).n
}

/** Runs a scheduled job the way the scheduler does: as its workflow, through the engine. */
async function runJob(container: MedusaContainer, job: string) {
  const engine = container.resolve(Modules.WORKFLOW_ENGINE)
  const { errors } = await engine.run(`job-${job}`, { input: {}, throwOnError: false })
  expect(errors ?? []).toEqual([])
}

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    describe("the process's database connections", () => {
      it("stay at most pool size + 1 through an hour of job runs", async () => {
        const container = getContainer()
        const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const poolSize = knex.client.pool.max as number

        // The first runs open the LISTEN connection; the pool may grow up to its size, no further.
        for (const { job } of HOUR_OF_RUNS) {
          await runJob(container, job)
        }

        const longest = Math.max(...HOUR_OF_RUNS.map(({ runs }) => runs))
        for (let tick = 1; tick < longest; tick++) {
          for (const { job, runs } of HOUR_OF_RUNS) {
            // Spread each job's runs evenly over the hour, as its schedule would.
            if (Math.floor((tick * runs) / longest) !== Math.floor(((tick - 1) * runs) / longest)) {
              await runJob(container, job)
            }
          }
        }
        const afterHour = await connectionCount(knex)

        expect(afterHour).toBeLessThanOrEqual(poolSize + 1)
      })

      it("keeps one LISTEN connection however many containers ask for it", async () => {
        const container = getContainer()
        const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
        const push = await chat.push()
        await push.listener.whenLive()
        const listenerPid = push.listener.backendPid
        expect(listenerPid).toEqual(expect.any(Number))

        for (let run = 0; run < 50; run++) {
          await runJob(container, relayVisitorEffects.name)
        }

        // The same runtime and the same connection serve every run. The listener's own
        // connection may show its ping (`SELECT 1`) as its last query, hence the pid.
        expect(await chat.push()).toBe(push)
        expect(push.listener.backendPid).toBe(listenerPid)
        expect(await listeningBackends(knex, listenerPid)).toBe(1)
      })

      it("builds the chat's parts once per process, over its push runtime, whichever container asks", async () => {
        const container = getContainer()
        const push = await medusaPush(container)
        const deps = await medusaVisitorDeps(container)
        // A job's or a request's scope is a new container each time: the parts stay the same.
        const another = container.createScope() as MedusaContainer
        expect(await medusaVisitorDeps(another)).toBe(deps)
        expect(deps.pollSource).toBe(push.pollCache)
        expect(deps.signals).toBe(push.signals)
        expect(await medusaEffectsRelay(another)).toBe(await medusaEffectsRelay(container))
        expect(await bridgeDelivery(another)).toBe(await bridgeDelivery(container))
      })

      // The effects relay subscribes on the first run of its job, often after a stream or a poll
      // connected the listener: a second connection would hear every notice twice.
      it("keeps one LISTEN connection when a subscriber comes after it connected, and hears each notice once", async () => {
        const container = getContainer()
        const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const { listener, signals } = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).push()
        await listener.whenLive()
        const listenerPid = listener.backendPid

        const heard: string[] = []
        listener.on(CHAT_SIGNAL_CHANNEL, (payload) => heard.push(payload))
        listener.onResync(() => undefined)
        await listener.whenLive()
        // A second connection takes a connect and three LISTENs: well under this watch.
        for (const deadline = Date.now() + 2000; Date.now() < deadline; ) {
          expect(await listeningBackends(knex, listenerPid)).toBe(1)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        expect(listener.backendPid).toBe(listenerPid)

        await signals.send({ conversation_id: 7, side: "visitor", kind: "typing", typing: true })
        for (const deadline = Date.now() + 5000; !heard.length && Date.now() < deadline; ) {
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        // Long enough for a copy from another connection to arrive after the first.
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(heard).toEqual(["7:visitor:typing:1"])
      })

      // Last: it closes what the application would close on shutdown.
      it("closes the LISTEN connection when the application shuts down", async () => {
        const container = getContainer()
        const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
        const { listener } = await chat.push()
        await listener.whenLive()
        const listenerPid = listener.backendPid
        expect(listenerPid).toEqual(expect.any(Number))

        await chat.__hooks.onApplicationShutdown()

        // The server ends the backend a moment after the client hung up.
        const stillOpen = async () =>
          ((await knex.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ?", [listenerPid])).rows[0] as {
            n: number
          }).n
        const deadline = Date.now() + 2000
        while ((await stillOpen()) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(await stillOpen()).toBe(0)
      })
    })
  },
})
