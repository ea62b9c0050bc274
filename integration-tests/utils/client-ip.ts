import http from "node:http"
import { checkResponse } from "./response-check"

export type LaneResponse = { status: number; retryAfter?: string }

/**
 * `POST /store/app/v1/session` sent from a chosen loopback address (any 127.x.y.z is this
 * machine), so a test can be several clients at the socket level, with any X-Forwarded-For.
 */
export function sessionFrom(
  baseUrl: string,
  { publishableKey, localAddress, forwardedFor }: { publishableKey: string; localAddress: string; forwardedFor?: string }
): Promise<LaneResponse> {
  const url = new URL(baseUrl)
  const headers: Record<string, string> = { "content-type": "application/json", "x-publishable-api-key": publishableKey }
  if (forwardedFor !== undefined) headers["x-forwarded-for"] = forwardedFor
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: url.port, method: "POST", path: "/store/app/v1/session", headers, localAddress, agent: false },
      (response) => {
        let body = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (body += chunk))
        response.on("end", () => {
          const status = response.statusCode ?? 0
          checkResponse({ method: "POST", url: "/store/app/v1/session", status, headers: response.headers, body })
          resolve({ status, retryAfter: response.headers["retry-after"] })
        })
      }
    )
    request.on("error", reject)
    request.end("{}")
  })
}
