// bench:streams' visitors: one child process holding thousands of `GET /store/app/v1/stream`
// responses, each on its own socket bound to its own 127.x.y.z address (Linux routes all of
// 127.0.0.0/8 to loopback), so the per-IP stream cap sees one client per stream. It records
// when each message event arrives (wall clock in ms, comparable across processes) and hands
// the records over on `drain`. Driven over IPC by bench/streams.js (ipc-child.js).
const http = require("node:http")
const { performance } = require("node:perf_hooks")

const now = () => performance.timeOrigin + performance.now()
const EVENT_ID = /^id: (\d+)$/gm

/** Open responses by stream key. */
const open = new Map()
/** Flat [messageId, arrivedAtMs, ...] since the last drain. */
let received = []
let unexpectedEnds = 0
let lastError = null

function openStream({ port, publishableKey }, { key, cookie, address, sinceId }) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path: `/store/app/v1/stream?since_id=${sinceId}`,
        localAddress: address,
        agent: false,
        headers: { accept: "text/event-stream", "x-publishable-api-key": publishableKey, cookie },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume()
          reject(new Error(`stream ${key} from ${address} answered ${res.statusCode}`))
          return
        }
        res.setEncoding("utf8")
        // Only the tail of an event cut between two chunks is kept.
        let partial = ""
        res.on("data", (chunk) => {
          const text = partial + chunk
          const end = text.lastIndexOf("\n\n")
          if (end === -1) {
            partial = text
            return
          }
          partial = text.slice(end + 2)
          const at = now()
          const complete = text.slice(0, end)
          EVENT_ID.lastIndex = 0
          let match
          while ((match = EVENT_ID.exec(complete))) received.push(Number(match[1]), at)
        })
        open.set(key, req)
        resolve()
      }
    )
    req.on("error", (error) => {
      if (open.get(key) === req) {
        open.delete(key)
        unexpectedEnds++
        lastError = error.message
      } else {
        reject(error)
      }
    })
    req.on("close", () => {
      if (open.get(key) === req) {
        open.delete(key)
        unexpectedEnds++
      }
    })
  })
}

/** Opens `streams` with at most `concurrency` openings in flight. */
async function openAll(target, streams, concurrency) {
  let next = 0
  let failed = 0
  let error = null
  const worker = async () => {
    while (next < streams.length) {
      const stream = streams[next++]
      try {
        await openStream(target, stream)
      } catch (cause) {
        failed++
        error = cause.message
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, streams.length) }, worker))
  return { open: open.size, failed, error }
}

function close(keys) {
  for (const key of keys ?? [...open.keys()]) {
    const req = open.get(key)
    if (!req) continue
    open.delete(key)
    req.destroy()
  }
  return { open: open.size }
}

const handlers = {
  open: ({ target, streams, concurrency }) => openAll(target, streams, concurrency),
  close: ({ keys }) => close(keys),
  drain: () => {
    const records = received
    received = []
    return { records, open: open.size, unexpectedEnds, lastError }
  },
}

process.on("message", (message) => {
  Promise.resolve()
    .then(() => handlers[message.type](message))
    .then(
      (answer) => process.send({ ...answer, id: message.id }),
      (error) => process.send({ id: message.id, error: error.message })
    )
})
process.on("disconnect", () => process.exit(0))
