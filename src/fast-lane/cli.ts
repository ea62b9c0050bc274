#!/usr/bin/env node
// `launchdesk-fast-lane`: the visitor chat routes without Medusa's HTTP stack. Run it in the
// store's folder (it reads medusa-config for the database, storeCors and the plugin's
// options); the environment overrides: DATABASE_URL, PORT (default 9001), HOST,
// STORE_CORS, TRUST_PROXY, PUBLISHABLE_KEY_CACHE_SECONDS, LAUNCHDESK_MEDUSA_CONFIG.
import { fastLaneOptions, loadHostConfig } from "./config"
import { startFastLane } from "./server"

async function main() {
  // As `medusa start`: the visitor cookie's Secure default follows NODE_ENV.
  process.env.NODE_ENV = process.env.NODE_ENV || "production"
  const host = loadHostConfig(process.cwd(), process.env.LAUNCHDESK_MEDUSA_CONFIG)
  const lane = await startFastLane(fastLaneOptions(process.env, host))
  console.log(`LaunchDesk fast lane listening on ${lane.url}${host.file ? ` (config: ${host.file})` : ""}`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await lane.close()
    process.exit(0)
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void stop())
  }
}

main().catch((error) => {
  console.error(`launchdesk fast lane failed to start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})
