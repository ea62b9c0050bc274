import { randomUUID } from "node:crypto"
import Redis from "ioredis"
import { redisChannel, RedisListener } from "../redis-listener"

jest.setTimeout(30 * 1000)

// This machine and CI run Redis there; REDIS_URL points elsewhere when set.
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const CHANNEL = "launchdesk_chat_message"

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("RedisListener", () => {
  // A prefix of this run's own: pub/sub channels are server-wide, and other runs may share the server.
  const prefix = `launchdesk-test-${randomUUID()}`
  const admin = new Redis(REDIS_URL, { lazyConnect: true })
  const listeners: RedisListener[] = []
  const listener = () => {
    const created = new RedisListener({ url: REDIS_URL, channels: [CHANNEL], channelPrefix: prefix, warn: () => undefined })
    listeners.push(created)
    return created
  }
  const publish = (payload: string) => admin.publish(redisChannel(prefix, CHANNEL), payload)

  beforeAll(() => admin.connect())
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((created) => created.stop()))
  })
  afterAll(() => admin.quit())

  it("hears what is published on its prefixed channels only, once live", async () => {
    const subscriber = listener()
    const heard: string[] = []
    subscriber.on(CHANNEL, (payload) => heard.push(payload))
    await subscriber.whenLive()
    expect(subscriber.live).toBe(true)

    await publish("7:42")
    await admin.publish(CHANNEL, "7:43")
    await admin.publish(redisChannel(`${prefix}-other`, CHANNEL), "7:44")
    await waitFor(() => heard.length > 0, "the notice")
    // A round trip after the publishes: anything wrongly delivered would have arrived by now.
    await publish("7:45")
    await waitFor(() => heard.length > 1, "the second notice")
    expect(heard).toEqual(["7:42", "7:45"])
    expect(() => subscriber.on("launchdesk_unknown", () => undefined)).toThrow("Not listening on channel")
  })

  it("raises resync when its connection is killed, reconnects, and hears notices again", async () => {
    const subscriber = listener()
    const heard: string[] = []
    let resyncs = 0
    subscriber.on(CHANNEL, (payload) => heard.push(payload))
    subscriber.onResync(() => resyncs++)
    await subscriber.whenLive()
    const generation = subscriber.generation
    expect(resyncs).toBe(1)

    // Find the subscriber's own connection by the name it gives itself, and kill it.
    const clients = String(await admin.client("LIST")).split("\n")
    const line = clients.find((entry) => entry.includes(`name=${subscriber.connectionName} `))
    const id = /\bid=(\d+)/.exec(line ?? "")?.[1]
    expect(id).toEqual(expect.any(String))
    await admin.client("KILL", "ID", id!)

    // Lost (resync, not live), then back (resync again, live): two more resyncs, two more generations.
    await waitFor(() => resyncs >= 3 && subscriber.live, "the reconnect")
    expect(subscriber.generation).toBe(generation + 2)

    await publish("9:1")
    await waitFor(() => heard.includes("9:1"), "a notice after the reconnect")
  })

  it("stops for good: no reconnect, no resync, nothing heard", async () => {
    const subscriber = listener()
    const heard: string[] = []
    let resyncs = 0
    subscriber.on(CHANNEL, (payload) => heard.push(payload))
    subscriber.onResync(() => resyncs++)
    await subscriber.whenLive()
    await subscriber.stop()
    expect(subscriber.live).toBe(false)

    await publish("3:3")
    await new Promise((resolve) => setTimeout(resolve, 300))
    const clients = String(await admin.client("LIST"))
    expect(clients).not.toContain(`name=${subscriber.connectionName} `)
    expect(heard).toEqual([])
    expect(resyncs).toBe(1)
  })
})
