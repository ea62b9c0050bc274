import type { ServerResponse } from "node:http"
import type { OpenStream, SseSink } from "./stream"

// A client this far behind is closed; it reconnects with Last-Event-ID and catches up from the database.
const MAX_BUFFERED_BYTES = 1024 * 1024

/**
 * Starts an SSE answer on a Node response: Medusa's (Express extends it) or the fast lane's.
 * Headers already set on `res` (CORS) go out with the 200.
 */
export function startSse(res: ServerResponse, stream: OpenStream): SseSink {
  res.writeHead(stream.status, stream.headers)
  res.flushHeaders()
  res.socket?.setNoDelay(true)
  const sink: SseSink = {
    write: (chunk) => {
      if (res.writableEnded || res.destroyed) return
      res.write(chunk)
      // Set when Medusa's optional compression middleware wraps the response.
      if ("flush" in res && typeof res.flush === "function") res.flush()
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy()
    },
    end: () => {
      if (!res.writableEnded) res.end()
    },
    onClose: (handler) => {
      res.on("close", handler)
    },
  }
  stream.open(sink)
  return sink
}
