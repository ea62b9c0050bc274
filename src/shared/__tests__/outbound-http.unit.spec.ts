import { createServer, type RequestListener, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { OutboundFailure, sendJson, sendOutbound } from "../outbound-http"

const SECRET = "tok-9f2e71"

async function serve(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

async function stop(server: Server) {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

async function failureOf(call: Promise<unknown>): Promise<OutboundFailure> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (!(error instanceof OutboundFailure)) {
    throw new Error(`expected an OutboundFailure, got ${String(error)}`)
  }
  return error
}

describe("sendOutbound", () => {
  it("sends JSON and reads the answer, non-JSON as null", async () => {
    const { url, server } = await serve((req, res) => {
      let body = ""
      req.on("data", (chunk) => (body += chunk))
      req.on("end", () => {
        res.writeHead(req.url === "/text" ? 502 : 201, { "content-type": "application/json" })
        res.end(req.url === "/text" ? "<html>bad gateway</html>" : JSON.stringify({ got: JSON.parse(body), type: req.headers["content-type"] }))
      })
    })
    try {
      const answer = await sendJson({ method: "POST", url: `${url}/x`, json: { a: 1 }, timeoutMs: 2000 })
      expect(answer).toMatchObject({ status: 201, body: { got: { a: 1 }, type: "application/json" } })
      const html = await sendJson({ method: "POST", url: `${url}/text`, json: {}, timeoutMs: 2000 })
      expect(html).toMatchObject({ status: 502, body: null })
    } finally {
      await stop(server)
    }
  })

  it("refuses an answer longer than the limit instead of reading it all", async () => {
    const { url, server } = await serve((_, res) => {
      res.writeHead(200)
      res.end("x".repeat(5000))
    })
    try {
      const failure = await failureOf(sendOutbound({ method: "GET", url, timeoutMs: 2000, maxResponseBytes: 1000 }))
      expect(failure.kind).toBe("too_large")
      expect(failure.message).toBe("answered with more than 1000 bytes")
      expect((await sendOutbound({ method: "GET", url, timeoutMs: 2000, maxResponseBytes: 5000 })).text).toHaveLength(5000)
    } finally {
      await stop(server)
    }
  })

  it("times out a body that stalls after the headers", async () => {
    const { url, server } = await serve((_, res) => {
      res.writeHead(200)
      res.write("{")
    })
    try {
      const started = Date.now()
      const failure = await failureOf(sendOutbound({ method: "GET", url, timeoutMs: 200 }))
      expect(Date.now() - started).toBeLessThan(2000)
      expect(failure).toMatchObject({ kind: "timeout", message: "did not answer within 200 ms" })
    } finally {
      await stop(server)
    }
  })

  it("names an unreachable server by its error code, never by its URL or headers", async () => {
    const { url, server } = await serve(() => undefined)
    await stop(server)
    const refused = await failureOf(
      sendOutbound({ method: "POST", url: `${url}/?key=${SECRET}`, headers: { authorization: `Bearer ${SECRET}` }, timeoutMs: 2000 })
    )
    expect(refused).toMatchObject({ kind: "unreachable", code: "ECONNREFUSED", message: "could not be reached (ECONNREFUSED)" })

    const withCredentials = await failureOf(
      sendOutbound({ method: "GET", url: url.replace("http://", `http://user:${SECRET}@`), timeoutMs: 2000 })
    )
    expect(withCredentials.kind).toBe("unreachable")
    expect(`${withCredentials.message} ${String(withCredentials.stack)}`).not.toContain(SECRET)
  })
})
