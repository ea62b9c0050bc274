import type { AxiosInstance, AxiosResponse } from "axios"
import { isAxiosError } from "axios"
import { ResponseChecker, type ObservedResponse } from "../../src/openapi/response-check"

/**
 * Every answer a spec receives from the plugin's routes is checked against docs/openapi.json
 * (src/openapi/response-check.ts). A mismatch is recorded, not thrown, so a caller that reads
 * error statuses (`validateStatus: () => true`, `.catch((e) => e.response)`) cannot swallow it:
 * the runner wrapper fails the test after it ends (`failOnResponseViolations`).
 */

let checker: ResponseChecker | undefined
const violations: string[] = []

const check = () => (checker ??= ResponseChecker.fromFile())

/** Records what is wrong with an answer, if anything. */
export function checkResponse(response: ObservedResponse): void {
  const found = check().violation(response)
  if (found) violations.push(found)
}

/** Records what is wrong with a value one of the description's component schemas describes (a stream event's data). */
export function checkComponent(name: string, value: unknown, where: string): void {
  const found = check().componentViolation(name, value, where)
  if (found) violations.push(found)
}

/** Records a mismatch found outside the checker (a stream event of an unknown type). */
export function recordViolation(violation: string): void {
  violations.push(violation)
}

const checkedClients = new WeakSet<object>()

function checkAxiosResponse(client: AxiosInstance, response: AxiosResponse) {
  const headers = response.headers as { toJSON?: () => Record<string, unknown> } & Record<string, unknown>
  checkResponse({
    method: response.config.method ?? "get",
    url: client.getUri(response.config),
    status: response.status,
    headers: typeof headers.toJSON === "function" ? headers.toJSON() : headers,
    body: response.data,
  })
}

/** Checks every answer `client` receives, successes and error statuses alike; returns the client. */
export function checkResponsesOf<Client extends AxiosInstance>(client: Client): Client {
  if (checkedClients.has(client.interceptors)) return client
  checkedClients.add(client.interceptors)
  client.interceptors.response.use(
    (response) => {
      checkAxiosResponse(client, response)
      return response
    },
    (error: unknown) => {
      if (isAxiosError(error) && error.response) checkAxiosResponse(client, error.response)
      return Promise.reject(error)
    }
  )
  return client
}

/** Fails with every mismatch recorded since the last call (an afterEach of the runner wrapper). */
export function failOnResponseViolations(): void {
  if (!violations.length) return
  const found = violations.splice(0)
  throw new Error(
    `${found.length} answer(s) did not match docs/openapi.json (fix the route or its description in src/types/http and src/openapi, then run npm run docs:openapi):\n- ${found.join("\n- ")}`
  )
}
