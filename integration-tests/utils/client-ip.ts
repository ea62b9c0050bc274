import http from "node:http"

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
        response.resume()
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] })
        )
      }
    )
    request.on("error", reject)
    request.end("{}")
  })
}

/**
 * Limits count in clock-aligned windows: a burst started late in one could spread over two
 * and be admitted twice. Waits for a fresh minute when less than 20 s are left.
 */
export async function freshLimitWindow(windowSeconds = 60, marginSeconds = 20) {
  const into = (Date.now() / 1000) % windowSeconds
  if (into > windowSeconds - marginSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - into + 0.5) * 1000))
  }
}
