import { z } from "@medusajs/framework/zod"
import type { ZodOpenApiResponseObject } from "zod-openapi"
import { int4Id, sinceId, stringId } from "../../shared/input-schema"
import { adminUnauthorized, error } from "../responses"

/** What the route descriptions of every area are made of: their type, lanes, shared params and answers. */

/** Who serves a route: Medusa (the route files under src/api), the fast lane, or both. */
export type Lane = "medusa" | "fast-lane"

/** Who may call: the security requirement of the route (see `SECURITY_SCHEMES`). */
export type Access = "store" | "visitor" | "keyless" | "admin" | "bridge" | "public"

export type Method = "get" | "post" | "put" | "patch" | "delete"

export type RouteDescription = {
  method: Method
  /** OpenAPI's path template: `{id}` for a route folder `[id]`. */
  path: string
  tag: string
  summary: string
  description?: string
  access: Access
  lanes: readonly Lane[]
  params?: z.ZodObject
  query?: z.ZodObject
  headers?: z.ZodObject
  body?: { contentType: string; schema: z.ZodType }
  responses: Record<number, ZodOpenApiResponseObject>
}

export const TAGS = {
  visitor: "Visitor chat",
  inbox: "Admin inbox",
  hooks: "Bridge hook",
  comingSoonStore: "Coming soon (store)",
  comingSoonAdmin: "Coming soon (admin)",
  backInStock: "Back in stock",
  health: "Health",
} as const

export const BOTH_LANES: readonly Lane[] = ["medusa", "fast-lane"]
export const MEDUSA: readonly Lane[] = ["medusa"]

export const jsonBody = (schema: z.ZodType) => ({ contentType: "application/json", schema })

export const IdParam = (what: string) => z.object({ id: int4Id().meta({ description: `The ${what} id.` }) })
export const ProductIdParam = z.object({ product_id: stringId().meta({ description: "The Medusa product id." }) })
export const LastEventId = z.object({
  "Last-Event-ID": sinceId()
    .optional()
    .meta({ description: "A browser's reconnect: resume after this message id (wins over `since_id`)." }),
})
/** The shopper's locale (CONTRACT §9): any value is read, a non-tag gets the store's default. */
export const LocaleHeader = z.object({
  "x-medusa-locale": z.string().optional().meta({ description: "The shopper's BCP 47 locale; read before the `locale` query parameter." }),
})
export const LocaleQuery = z.object({
  locale: z.string().optional().meta({ description: "The shopper's BCP 47 locale, when no `x-medusa-locale` header is sent." }),
})

export const FileForm = {
  contentType: "multipart/form-data",
  schema: z.object({ file: z.string().meta({ format: "binary", description: "The one file; no other field." }) }),
}

// Every request with a body passes the body parser first (Medusa's, or the fast lane's).
export const BODY_PARSER: Record<number, ZodOpenApiResponseObject> = { 413: error(413), 415: error(415) }
export const NONE: Record<number, ZodOpenApiResponseObject> = {}
export const STORE_400 = (why = "Invalid input, or a missing or unknown publishable key (`not_allowed`)") => error(400, why)
export const NOT_STORED = error(503, "The database refused the message: nothing was stored; send it again after `Retry-After` seconds")
export const INVALID = error(400)

/** An admin route: the inbox's tag unless another is given, Medusa only, 401 without authentication. */
export const admin = (route: Omit<RouteDescription, "tag" | "access" | "lanes"> & { tag?: string }): RouteDescription => ({
  tag: TAGS.inbox,
  access: "admin",
  lanes: MEDUSA,
  ...route,
  responses: { 401: adminUnauthorized(), ...(route.method === "get" ? NONE : BODY_PARSER), ...route.responses },
})
