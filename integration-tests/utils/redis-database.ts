import Redis from "ioredis"

export type RedisDatabase = {
  /** The server's URL with this run's database number, for every process of the run. */
  url: string
  index: number
  /** Empties the database (queues, locks, cache entries) and gives it back. */
  release: () => Promise<void>
}

// Held by the run that owns a database; it expires, so a run that died gives its database back.
const CLAIM_KEY = "launchdesk:test-run"
const CLAIM_TTL_SECONDS = 60 * 60
// Left beside the claim, so a database a dead run filled is known to be a test run's and reused.
const MARKER_KEY = "launchdesk:test-database"
// Database 0 is where everything without a number goes; a run never takes it.
const FIRST_INDEX = 1

const withDatabase = (serverUrl: string, index: number) => {
  const url = new URL(serverUrl)
  url.pathname = `/${index}`
  return url.toString()
}

/**
 * A Redis logical database of this run's own on the server at `serverUrl`, so two runs never
 * share a queue, a lock or a cache entry. It takes the first database that is empty or was
 * left by a test run whose claim has expired (`SET NX` decides between runs racing for it),
 * and empties it when released. Pub/sub channels are server-wide in Redis; Medusa's workflow
 * engine names its channels per workflow and matches messages by transaction id, so a run
 * beside another at most sees notices it ignores.
 */
export async function claimRedisDatabase(serverUrl: string, runId: string): Promise<RedisDatabase> {
  const admin = new Redis(serverUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await admin.connect()
  try {
    const [, databases] = (await admin.config("GET", "databases")) as [string, string]
    for (let index = FIRST_INDEX; index < Number(databases); index++) {
      await admin.select(index)
      if ((await admin.set(CLAIM_KEY, runId, "EX", CLAIM_TTL_SECONDS, "NX")) !== "OK") continue
      // Ours now, unless it holds another application's keys (anything but the claim and no marker).
      const onlyOurClaim = (await admin.dbsize()) === 1
      if (!onlyOurClaim && !(await admin.exists(MARKER_KEY))) {
        await admin.del(CLAIM_KEY)
        continue
      }
      await admin.multi().flushdb().set(CLAIM_KEY, runId, "EX", CLAIM_TTL_SECONDS).set(MARKER_KEY, "1").exec()
      return { url: withDatabase(serverUrl, index), index, release: () => releaseDatabase(serverUrl, index, runId) }
    }
    throw new Error(`no free Redis database on ${serverUrl} (databases ${FIRST_INDEX}..${Number(databases) - 1} are in use)`)
  } finally {
    admin.disconnect()
  }
}

async function releaseDatabase(serverUrl: string, index: number, runId: string) {
  const admin = new Redis(withDatabase(serverUrl, index), { lazyConnect: true, maxRetriesPerRequest: 1 })
  await admin.connect()
  try {
    if ((await admin.get(CLAIM_KEY)) === runId) await admin.flushdb()
  } finally {
    admin.disconnect()
  }
}
