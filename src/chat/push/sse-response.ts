import type { ServerResponse } from "node:http"
import type { OpenStream, SseSink } from "./stream"

// A client this far behind is closed; it reconnects with Last-Event-ID and catches up from the database.
const MAX_BUFFERED_BYTES = 1024 * 1024

/**
 * Aborts when `res` closes: the client left, the socket failed, or the answer ended. Made
 * before a stream's first await, it also covers a client that left while the stream opened
 * (`close` has then already fired; `destroyed` tells).
 */
export function responseClosed(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  if (res.destroyed || res.writableFinished) {
    controller.abort()
  } else {
    res.once("close", () => controller.abort())
  }
  return controller.signal
}

/**
 * Starts an SSE answer on a Node response: Medusa's (Express extends it) or the fast lane's.
 * Headers already set on `res` (CORS) go out with the 200. The stream ends with the response
 * (its scope follows `responseClosed(res)`).
 */
export function startSse(res: ServerResponse, stream: OpenStream): SseSink {
  const alive = () => !res.destroyed && !res.writableEnded
  if (alive()) {
    res.writeHead(stream.status, stream.headers)
    res.flushHeaders()
    res.socket?.setNoDelay(true)
  }
  const sink: SseSink = {
    write: (chunk) => {
      if (!alive()) return
      res.write(chunk)
      // Set when Medusa's optional compression middleware wraps the response.
      if ("flush" in res && typeof res.flush === "function") res.flush()
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy()
    },
    end: () => {
      if (alive()) res.end()
    },
    alive,
  }
  stream.open(sink)
  return sink
}
