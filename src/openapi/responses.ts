import { z } from "@medusajs/framework/zod"
import type { ZodOpenApiResponseObject } from "zod-openapi"
import { ErrorBody, UnauthorizedBody } from "../types/http/common"
import { StoreSignupError } from "../types/http/coming-soon-store"

/** The answers a route description is made of: a body by content type, and headers. */

// The seconds to wait, as both lanes send it with every 429 and 503.
const RetryAfter = z.object({
  "Retry-After": z.number().int().min(0).meta({ description: "Seconds to wait before trying again." }),
})

export const json = (schema: z.ZodType, description: string): ZodOpenApiResponseObject => ({
  description,
  content: { "application/json": { schema } },
})

export const noContent = (description: string): ZodOpenApiResponseObject => ({ description })

/** Server-Sent Events: each message as `id: <message_id>` + `data: <Message>`, `typing` and `read` events. */
export const eventStream = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: {
    "text/event-stream": {
      schema: z.string().meta({
        description:
          "Server-Sent Events. Each message: `id: <message_id>` and `data:` the Message as JSON, oldest first; " +
          "`event: typing` (data: StreamTypingEvent) and `event: read` (data: StreamReadEvent) carry no id, so " +
          "`Last-Event-ID` resumes the messages; comment lines are heartbeats.",
      }),
    },
  },
})

/** A stored file: the type found at upload, inline for images, a download otherwise. */
export const binary = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: { "*/*": { schema: z.string().meta({ format: "binary" }) } },
})

/** A plain page for a person who opened a link from an email (no script, nothing loaded). */
const HTML_PAGE = { "text/html": { schema: z.string().meta({ description: "A plain HTML page in the reader's language." }) } }

export const htmlPage = (description: string): ZodOpenApiResponseObject => ({ description, content: HTML_PAGE })

/** An error status whose body is Medusa's `{ type, message }` (the signup's envelope on its route). */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503

const ERROR_WORDS: Record<ErrorStatus, string> = {
  400: "Invalid input (`invalid_data`)",
  401: "Not authenticated",
  403: "Not allowed",
  404: "Not found",
  409: "Not possible in the record's present state",
  413: "The body is larger than the body parser takes",
  415: "The body's content type or charset is not one the body parser takes",
  429: "Too many requests: wait `Retry-After` seconds",
  500: "An unexpected failure on the server (a database that refused a statement, a module that threw), never bad input; the body names no cause",
  503: "Nothing was stored and the same request may succeed shortly: wait `Retry-After` seconds",
}

const withRetryAfter = (status: ErrorStatus) => (status === 429 || status === 503 ? { headers: RetryAfter } : {})

/** One error response; `why` says what the status means on this route. */
export function error(status: ErrorStatus, why?: string, body: z.ZodType = ErrorBody): ZodOpenApiResponseObject {
  return {
    description: why ?? ERROR_WORDS[status],
    ...withRetryAfter(status),
    content: { "application/json": { schema: body } },
  }
}

/** Medusa's answer to an admin request without a session, bearer token or secret API key. */
export const adminUnauthorized = (): ZodOpenApiResponseObject => ({
  description: "No admin session, bearer token or secret API key",
  content: { "application/json": { schema: UnauthorizedBody } },
})

/** The signup route answers every failure in the seed's envelope. */
export const signupError = (status: ErrorStatus, why: string) => error(status, why, StoreSignupError)

/** A link page's refusal: its page, or Medusa's JSON error when a wrong publishable key was sent. */
export const pageOrError = (why: string): ZodOpenApiResponseObject => ({
  description: why,
  content: { ...HTML_PAGE, "application/json": { schema: ErrorBody } },
})
