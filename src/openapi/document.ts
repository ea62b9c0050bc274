import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi"
import { StreamReadEvent, StreamTypingEvent } from "../types/http/chat-visitor"
import { ROUTES, TAGS, type Access, type RouteDescription } from "./routes"
import { version } from "../../package.json"

/** The OpenAPI 3.1 description of every route the plugin serves, built from ROUTES. */

/** The extension that names the servers of an operation: `medusa`, `fast-lane`, or both. */
export const LANES_EXTENSION = "x-launchdesk-lanes"

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  store: [{ publishableKey: [] }],
  visitor: [{ publishableKey: [], visitorCookie: [] }],
  // Opened from an email: without a publishable key too.
  keyless: [{}, { publishableKey: [] }],
  admin: [{ adminBearer: [] }, { adminSession: [] }, { adminApiKey: [] }],
  bridge: [{ bridgeSecret: [] }],
  public: [],
}

function operation(route: RouteDescription): ZodOpenApiOperationObject {
  const params = {
    ...(route.params ? { path: route.params } : {}),
    ...(route.query ? { query: route.query } : {}),
    ...(route.headers ? { header: route.headers } : {}),
  }
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY[route.access],
    ...(Object.keys(params).length ? { requestParams: params } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { [route.body.contentType]: { schema: route.body.schema } } } }
      : {}),
    responses: Object.fromEntries(Object.entries(route.responses).map(([status, response]) => [status, response])),
    [LANES_EXTENSION]: [...route.lanes],
  }
}

/** `post /store/app/v1/session/link` → `postStoreAppV1SessionLink`; `{id}` → `ById`. */
export function operationId(route: Pick<RouteDescription, "method" | "path">): string {
  const words = route.path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, "by-$1"))
    .flatMap((segment) => segment.split(/[-_]/))
  return route.method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")
}

function paths(): ZodOpenApiPathsObject {
  const described: ZodOpenApiPathsObject = {}
  for (const route of ROUTES) {
    described[route.path] = { ...described[route.path], [route.method]: operation(route) }
  }
  return described
}

const DOCUMENT: ZodOpenApiObject = {
  openapi: "3.1.0",
  info: {
    title: "LaunchDesk",
    version,
    description:
      "The routes the medusa-plugin-launchdesk plugin adds to a Medusa v2 server: the visitor chat (`/store/app/v1`), " +
      "the admin inbox (`/admin/app/v1`), the team-chat bridge's hook (`/hooks/app/v1`) and coming-soon signups " +
      "(`/store/coming-soon`, `/admin/coming-soon`). The visitor chat routes, the signup and the coming-soon config read marked `fast-lane` in `x-launchdesk-lanes` " +
      "are also served, with the same requests and answers, by the optional fast lane (`launchdesk-fast-lane`). " +
      "Errors carry Medusa's body, `{ type, message }`; a 429 or 503 carries `Retry-After` in seconds. " +
      "Generated from the plugin's zod schemas (`npm run docs:openapi`); do not edit by hand.",
    license: { name: "MIT" },
  },
  servers: [
    { url: "http://localhost:9000", description: "The Medusa server" },
    { url: "http://localhost:9001", description: "The fast lane (visitor chat routes only)" },
  ],
  tags: Object.values(TAGS).map((name) => ({ name })),
  paths: paths(),
  components: {
    securitySchemes: {
      publishableKey: {
        type: "apiKey",
        in: "header",
        name: "x-publishable-api-key",
        description: "Medusa's publishable API key, required on `/store` routes.",
      },
      visitorCookie: {
        type: "apiKey",
        in: "cookie",
        name: "app_visitor_hash",
        description:
          "The shopper's chat session, set by `POST /store/app/v1/session`. A signed-in customer's session cookie or bearer " +
          "token may come with it; a conversation linked to a customer needs that customer's authentication.",
      },
      adminBearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A Medusa admin user's token." },
      adminSession: { type: "apiKey", in: "cookie", name: "connect.sid", description: "A Medusa admin session." },
      adminApiKey: { type: "http", scheme: "basic", description: "A Medusa secret API key as the user name." },
      bridgeSecret: {
        type: "apiKey",
        in: "header",
        name: "X-APP-Secret",
        description: "The bridge's shared secret (chat settings), compared in constant time.",
      },
    },
    schemas: { StreamTypingEvent, StreamReadEvent },
  },
}

/** The description as docs/openapi.json holds it. */
export function openApiDocument() {
  return createDocument(DOCUMENT)
}

/** The file's text: two-space JSON and a final newline. */
export const openApiJson = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
