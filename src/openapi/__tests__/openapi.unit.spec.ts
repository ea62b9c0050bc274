import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Express } from "express"
import { openApiDocument, openApiJson } from "../document"
import { OPENAPI_FILE } from "../write"
import { ResponseChecker } from "../response-check"
import { createFastLaneApp, type FastLaneAppOptions } from "../../fast-lane/app"
import { CONVERSATION_STATUSES as MODEL_CONVERSATION_STATUSES } from "../../modules/support-chat/models/conversation"
import { MESSAGE_SENDERS as MODEL_MESSAGE_SENDERS } from "../../modules/support-chat/models/message"
import { OUTBOX_STATUSES as MODEL_OUTBOX_STATUSES } from "../../modules/launchdesk/models/outbox-entry"
import { EMAIL_PROVIDERS as MODEL_EMAIL_PROVIDERS } from "../../modules/coming-soon/models/product-setting"
import { CAPTCHA_PROVIDERS as MODEL_CAPTCHA_PROVIDERS } from "../../modules/coming-soon/types"
import {
  SIGNUP_NOTIFY_STATUSES as MODEL_SIGNUP_NOTIFY_STATUSES,
  SIGNUP_SYNC_STATUSES as MODEL_SIGNUP_SYNC_STATUSES,
} from "../../modules/coming-soon/models/signup"
import { CONVERSATION_STATUSES, MESSAGE_SENDERS } from "../../types/http/chat-visitor"
import { OUTBOX_STATUSES } from "../../types/http/admin-inbox"
import { CAPTCHA_PROVIDERS, EMAIL_PROVIDERS } from "../../types/http/coming-soon-store"
import { SIGNUP_NOTIFY_STATUSES, SIGNUP_SYNC_STATUSES } from "../../types/http/coming-soon-admin"
import { BACK_IN_STOCK_STATUSES } from "../../types/http/back-in-stock"
import { BACK_IN_STOCK_STATUSES as MODEL_BACK_IN_STOCK_STATUSES } from "../../modules/coming-soon/models/back-in-stock"

const API_DIR = path.resolve(__dirname, "../../api")
const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const

/** `method path` of every route file under src/api: the path from its folders, the methods from its exports. */
function medusaRoutes(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === "__tests__" ? [] : walk(full)
      return entry.name === "route.ts" ? [full] : []
    })
  return walk(API_DIR).flatMap((file) => {
    const route = `/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}")
    const methods = exportedMethods(readFileSync(file, "utf8"))
    if (!methods.length) throw new Error(`${path.relative(API_DIR, file)} exports none of ${ROUTE_METHODS.join(", ")}`)
    return methods.map((method) => `${method} ${route}`)
  })
}

/**
 * The HTTP methods a route file exports, read from its source (`export const GET`, `export
 * async function POST`, `export { x as PUT }`): loading every route would load the whole plugin.
 */
function exportedMethods(source: string): string[] {
  const declared = [...source.matchAll(/^export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/gm)].map((match) => match[1])
  const listed = [...source.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((match) =>
    match[1].split(",").map((name) => name.trim().split(/\s+as\s+/).pop() ?? "")
  )
  return ROUTE_METHODS.filter((method) => declared.includes(method) || listed.includes(method))
}

type Layer = { route?: { path: string; methods: Record<string, boolean> } }

/** `method path` of every route the fast lane's Express app serves. */
function fastLaneRoutes(): string[] {
  // Nothing is called while the routes are only listed.
  const options: FastLaneAppOptions = {
    deps: {} as FastLaneAppOptions["deps"],
    streamDeps: {} as FastLaneAppOptions["streamDeps"],
    comingSoon: {} as FastLaneAppOptions["comingSoon"],
    keys: { check: async () => null },
    storeCors: "",
    logError: () => undefined,
  }
  const app: Express = createFastLaneApp(options)
  const stack: Layer[] = Reflect.get(app, "_router").stack
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== "_all")
          .map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : []
  )
}

/** `method path` of every operation of the description served on `lane`. */
function describedRoutes(lane: "medusa" | "fast-lane"): string[] {
  const document = openApiDocument()
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item ?? {})
      .filter(([, operation]) => (operation as Record<string, unknown>)["x-launchdesk-lanes"]?.toString().split(",").includes(lane))
      .map(([method]) => `${method.toUpperCase()} ${route}`)
  )
}

const sorted = (routes: string[]) => [...new Set(routes)].sort()

describe("docs/openapi.json", () => {
  it("is what `npm run docs:openapi` generates from the route descriptions", () => {
    const committed = readFileSync(OPENAPI_FILE, "utf8")
    if (committed !== openApiJson()) {
      throw new Error("docs/openapi.json is not what the route descriptions generate: run `npm run docs:openapi` and commit the file")
    }
  })

  it("describes every route file under src/api, and no Medusa route that none serves", () => {
    expect(sorted(describedRoutes("medusa"))).toEqual(sorted(medusaRoutes()))
  })

  it("describes every route the fast lane serves, and no fast-lane route that it does not serve", () => {
    const fastLane = fastLaneRoutes().map((route) => route.replace(/:([A-Za-z_]+)/g, "{$1}"))
    expect(sorted(describedRoutes("fast-lane"))).toEqual(sorted(fastLane))
  })

  it("names the same statuses the modules store", () => {
    expect([CONVERSATION_STATUSES, MESSAGE_SENDERS, OUTBOX_STATUSES, EMAIL_PROVIDERS, CAPTCHA_PROVIDERS, SIGNUP_SYNC_STATUSES, SIGNUP_NOTIFY_STATUSES, BACK_IN_STOCK_STATUSES]).toEqual([
      MODEL_CONVERSATION_STATUSES,
      MODEL_MESSAGE_SENDERS,
      MODEL_OUTBOX_STATUSES,
      MODEL_EMAIL_PROVIDERS,
      MODEL_CAPTCHA_PROVIDERS,
      MODEL_SIGNUP_SYNC_STATUSES,
      MODEL_SIGNUP_NOTIFY_STATUSES,
      MODEL_BACK_IN_STOCK_STATUSES,
    ])
  })
})

describe("the response check", () => {
  const checker = new ResponseChecker(JSON.parse(openApiJson()))
  const poll = { messages: [], has_more: false, conversation_id: 7, typing: false, read_up_to: null }
  const answer = (method: string, url: string, status: number, body: unknown, headers: Record<string, string> = {}) => ({
    method,
    url,
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body,
  })

  it("passes an answer that matches its route's description", () => {
    expect(checker.violation(answer("GET", "http://127.0.0.1:9000/store/app/v1/poll?since_id=3", 200, poll))).toBeNull()
    expect(checker.violation(answer("POST", "/admin/app/v1/close/12", 200, { success: true }))).toBeNull()
  })

  it("names the method, path, status and schema error of a body that drifted", () => {
    expect(checker.violation(answer("GET", "/store/app/v1/poll", 200, { ...poll, typing: "no" }))).toMatch(
      /^GET \/store\/app\/v1\/poll answered 200 with a body that does not match docs\/openapi.json: \/typing must be boolean/
    )
    expect(checker.violation(answer("GET", "/store/app/v1/poll", 200, { ...poll, extra: 1 }))).toMatch(/must NOT have additional properties \(extra\)/)
  })

  it("fails a status the route's description does not list, and a 429 without Retry-After", () => {
    expect(checker.violation(answer("GET", "/store/app/v1/poll", 409, { type: "conflict", message: "no" }))).toMatch(
      /answered 409, a status docs\/openapi.json does not list for GET \/store\/app\/v1\/poll/
    )
    const limited = { type: "too_many_requests", message: "wait" }
    expect(checker.violation(answer("POST", "/store/app/v1/send", 429, limited))).toMatch(/the Retry-After header is missing/)
    expect(checker.violation(answer("POST", "/store/app/v1/send", 429, limited, { "retry-after": "30" }))).toBeNull()
  })

  it("leaves routes the plugin does not serve to Medusa", () => {
    expect(checker.violation(answer("GET", "/admin/users", 500, "anything"))).toBeNull()
  })
})
