import { spawn, type ChildProcess } from "node:child_process"
import http, { type IncomingHttpHeaders } from "node:http"
import path from "node:path"
import axios, { type AxiosInstance } from "axios"
import { fastLaneOptions, loadHostConfig } from "../../src/fast-lane/config"
import { startFastLane, type FastLane, type FastLaneOptions } from "../../src/fast-lane/server"
import { checkResponse, checkResponsesOf } from "./response-check"

const ROOT = path.resolve(__dirname, "../..")

/** The two ways a storefront reaches the visitor routes. */
export const LANES = ["medusa", "fast"] as const
export type Lane = (typeof LANES)[number]

/** Warnings the fast lane logged (LISTEN reconnects while the runner swaps databases). */
export type CollectedLog = { warnings: string[]; errors: string[] }

/**
 * A fast lane on 127.0.0.1 over the test database, configured from this repository's
 * medusa-config.ts as a store's would be: the same storeCors and plugin options as the
 * Medusa app under test, `clientIp` included, so X-Forwarded-For picks the IP exactly as there.
 */
export async function startTestFastLane(
  databaseUrl: string,
  overrides: Partial<FastLaneOptions> = {}
): Promise<FastLane & { log: CollectedLog }> {
  const log: CollectedLog = { warnings: [], errors: [] }
  const options = fastLaneOptions({ DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1" }, loadHostConfig(ROOT))
  const lane = await startFastLane({
    ...options,
    logger: {
      info: () => undefined,
      warn: (message) => log.warnings.push(message),
      error: (message) => log.errors.push(message),
    },
    ...overrides,
  })
  return Object.assign(lane, { log })
}

/**
 * A fast lane for the spec file (see startTestFastLane), started before its first test and
 * closed after its last; call it in the runner's testSuite and read the lane through the
 * function it returns, as the runner's own getContainer.
 */
export function fastLaneForSpec(dbConfig: { clientUrl: string }): () => FastLane & { log: CollectedLog } {
  let lane: (FastLane & { log: CollectedLog }) | undefined
  beforeAll(async () => {
    lane = await startTestFastLane(dbConfig.clientUrl)
  })
  afterAll(() => lane?.close())
  return () => {
    if (!lane) throw new Error("the fast lane starts in beforeAll; read it inside a test or hook")
    return lane
  }
}

/** An axios client for the fast lane, shaped like the runner's `api`, its answers checked as the runner's are. */
export const fastLaneApi = (lane: FastLane): AxiosInstance => checkResponsesOf(axios.create({ baseURL: lane.url }))

/**
 * Starts `launchdesk-fast-lane` (the package's bin, from source) as a process of its own,
 * from this repository's folder so it reads medusa-config.ts like a store's.
 */
export async function spawnFastLane(
  env: Record<string, string>
): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["-r", "ts-node/register", "src/fast-lane/cli.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: "", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fast lane did not start:\n${output}`)), 60_000)
    const collect = (chunk: Buffer) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on("data", collect)
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk))
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`the fast lane exited ${code}:\n${output}`))
    })
  })
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) child.kill("SIGKILL")
    },
  }
}

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string }
export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string }

/** One request as written, its answer as sent (bytes, every header), checked as the runner's are: for comparing the lanes. */
export function rawRequest(baseUrl: string, { method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (text += chunk))
      response.on("end", () => {
        const status = response.statusCode ?? 0
        checkResponse({ method, url: path, status, headers: response.headers, body: text })
        resolve({ status, headers: response.headers, body: text })
      })
    })
    request.on("error", reject)
    if (body !== undefined) request.write(body)
    request.end()
  })
}

/** Headers whose values must match between the lanes exactly. */
export const COMPARED_HEADERS = [
  "content-type",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "vary",
  "allow",
  "content-security-policy",
  "x-content-type-options",
  "x-powered-by",
  "cache-control",
  "keep-alive",
]
