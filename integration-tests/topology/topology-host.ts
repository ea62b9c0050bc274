import path from "node:path"
import { createHostApp, medusa, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { startFastLane } from "../../scripts/lib/fast-lane"
import { signInOwner } from "../../scripts/lib/store-owner"
import { requestJson, startHostWorkspace } from "../utils/host-workspace"
import type { FastLaneProcess, MedusaServer } from "../utils/packed-host"
import { claimRedisDatabase } from "../utils/redis-database"

/** Each process names itself to PostgreSQL, so its connections can be told apart. */
export const TOPOLOGY_PROCESSES = ["server-a", "server-b", "worker", "fast-lane"] as const
export type TopologyProcess = (typeof TOPOLOGY_PROCESSES)[number]

/**
 * The store's medusa-config.js in Medusa's production topology: one config for every
 * instance, `MEDUSA_WORKER_MODE` telling the instances behind the load balancer ("server")
 * from the one that runs jobs and subscribers ("worker"), and Medusa's Redis modules for the
 * event bus, the workflow engine, locking and caching. The Notification module's local
 * provider stands in for an email provider on channel `email`.
 */
const topologyConfig = (pluginOptions: Record<string, unknown>) => `const { defineConfig } = require("@medusajs/framework/utils")

const redisUrl = process.env.REDIS_URL

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: process.env.MEDUSA_WORKER_MODE,
    http: {
      storeCors: "http://localhost:8000",
      adminCors: "http://localhost:9000",
      authCors: "http://localhost:9000",
      jwtSecret: "topology-jwt-secret",
      cookieSecret: "topology-cookie-secret",
    },
  },
  featureFlags: { caching: true },
  admin: { disable: true },
  plugins: [{ resolve: "medusa-plugin-launchdesk", options: ${JSON.stringify(pluginOptions)} }],
  modules: [
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }],
      },
    },
    {
      resolve: "@medusajs/medusa/caching",
      options: {
        providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }],
      },
    },
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [{ resolve: "@medusajs/medusa/notification-local", id: "local", options: { channels: ["email"] } }],
      },
    },
  ],
})
`

// A subscriber of the store's own: it reports every LaunchDesk event it handles, with the
// worker mode of the process that handled it, to the test's event sink.
const EVENT_REPORTER = `const EVENTS = [
  "launchdesk.conversation.created",
  "launchdesk.message.created",
  "launchdesk.conversation.closed",
  "launchdesk.conversation.assigned",
  "launchdesk.signup.created",
]

exports.default = async function reportLaunchDeskEvent({ event, container }) {
  const { projectConfig } = container.resolve("configModule")
  const response = await fetch(process.env.TOPOLOGY_EVENT_SINK, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: event.name, data: event.data, worker_mode: projectConfig.workerMode, pid: process.pid }),
  })
  if (!response.ok) throw new Error("the event sink answered " + response.status)
}

exports.config = { event: EVENTS, context: { subscriberId: "topology-event-reporter" } }
`

export type TopologyHost = {
  /** The host's database, as a maintenance client reaches it. */
  databaseUrl: string
  /** This run's own Redis database. */
  redisUrl: string
  serverA: MedusaServer
  serverB: MedusaServer
  worker: MedusaServer
  fastLane: FastLaneProcess & { url: string }
  publishableKey: string
  /** `authorization` header of the store owner. */
  admin: Record<string, string>
  stop: () => Promise<void>
}

const withApplicationName = (url: string, name: TopologyProcess) => `${url}?application_name=launchdesk-topology-${name}`

/**
 * A store as it runs in production: the packed plugin installed from its tarball, one
 * database, two `medusa start` instances in worker mode "server", one in "worker", all on
 * Medusa's Redis modules over a Redis database of this run's own, and one
 * `launchdesk-fast-lane`. `eventSink` receives the store subscriber's reports.
 */
export async function startTopology({
  name,
  redisServerUrl,
  eventSink,
  pluginOptions,
}: {
  name: string
  redisServerUrl: string
  eventSink: string
  pluginOptions: Record<string, unknown>
}): Promise<TopologyHost> {
  const workspace = await startHostWorkspace({ name })
  try {
    const redis = await claimRedisDatabase(redisServerUrl, path.basename(workspace.workDir))
    workspace.onStop(() => redis.release())
    const { databaseUrl } = workspace
    // createHostApp writes a plain single-process config; the topology's replaces it.
    const dir = await createHostApp({
      dir: path.join(workspace.workDir, "host"),
      tarball: workspace.tarball,
      files: { "medusa-config.js": topologyConfig(pluginOptions), "src/subscribers/report-launchdesk-event.js": EVENT_REPORTER },
    })
    const shared = { REDIS_URL: redis.url, TOPOLOGY_EVENT_SINK: eventSink, LOG_LEVEL: process.env.LOG_LEVEL ?? "error" }
    await medusa(dir, ["db:migrate"], { ...shared, DATABASE_URL: databaseUrl })

    const medusaProcess = async (role: Exclude<TopologyProcess, "fast-lane">, workerMode: "server" | "worker") => {
      const env = { ...shared, DATABASE_URL: withApplicationName(databaseUrl, role), MEDUSA_WORKER_MODE: workerMode }
      const server = await startServer(dir, { port: await freePort(), env })
      workspace.onStop(() => server.stop())
      return { server, env }
    }
    // One at a time: three Medusa boots at once on a small machine take longer than in a row.
    const serverA = await medusaProcess("server-a", "server")
    const serverB = await medusaProcess("server-b", "server")
    const worker = await medusaProcess("worker", "worker")
    const lanePort = await freePort()
    const lane = await startFastLane({
      dir,
      env: { ...shared, DATABASE_URL: withApplicationName(databaseUrl, "fast-lane"), HOST: "127.0.0.1" },
      port: lanePort,
    })
    workspace.onStop(() => lane.stop())

    const token: string = await signInOwner({ dir, env: serverA.env, baseUrl: serverA.server.url })
    const admin = { authorization: `Bearer ${token}` }
    const { api_key } = await requestJson<{ api_key: { token: string } }>(`${serverA.server.url}/admin/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", ...admin },
      body: JSON.stringify({ title: "Storefront", type: "publishable" }),
    })
    return {
      databaseUrl,
      redisUrl: redis.url,
      serverA: serverA.server,
      serverB: serverB.server,
      worker: worker.server,
      fastLane: { ...lane, url: `http://127.0.0.1:${lanePort}` },
      publishableKey: api_key.token,
      admin,
      stop: workspace.stop,
    }
  } catch (error) {
    await workspace.stop()
    throw error
  }
}
