import type { IncomingMessage, ServerResponse } from "node:http"
import bodyParser from "body-parser"
import { parse as parseCookieHeader } from "cookie"
import createETag from "etag"
import finalhandler from "finalhandler"
import isFresh from "fresh"
import qs from "qs"

/**
 * What Medusa's HTTP stack does around a route, redone with the same libraries Express uses
 * (body-parser, qs, etag, fresh, finalhandler), so the fast lane's answers match Medusa's
 * byte for byte: bodies, headers, 304s, 404 pages and error bodies.
 */

export type ParsedRequest = IncomingMessage & { body?: unknown }

/** An error body-parser raises: a status and a message meant for the client. */
export type HttpError = Error & { statusCode: number; expose?: boolean }

const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && "statusCode" in error && typeof error.statusCode === "number"

// Medusa's default stack: JSON, text and urlencoded (extended), each with body-parser's defaults.
const BODY_PARSERS = [bodyParser.json(), bodyParser.text(), bodyParser.urlencoded({ extended: true })]

/** Parses the body as Medusa does; resolves to body-parser's error, if any. */
export function parseBody(req: ParsedRequest, res: ServerResponse): Promise<HttpError | null> {
  return new Promise((resolve, reject) => {
    const run = (index: number) => {
      const parser = BODY_PARSERS[index]
      if (!parser) {
        resolve(null)
        return
      }
      parser(req, res, (error?: unknown) => {
        if (error === undefined || error === null) {
          run(index + 1)
        } else if (isHttpError(error)) {
          resolve(error)
        } else {
          reject(error)
        }
      })
    }
    run(0)
  })
}

/** `req.query` as Express 4 parses it ("extended" query parser). */
export const parseQuery = (search: string): Record<string, unknown> => qs.parse(search, { allowPrototypes: true })

/** `req.cookies` as cookie-parser fills it (JSON cookies included). */
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = {}
  if (!header) return cookies
  for (const [name, value] of Object.entries(parseCookieHeader(header))) {
    // cookie-parser turns `j:{...}` values into objects; none of them is a string the chat reads.
    cookies[name] = value?.startsWith("j:") ? undefined : value
  }
  return cookies
}

/** Express's `res.send` for a string: Content-Length, weak ETag, 304 when fresh, no body on HEAD. */
export function send(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
  res.statusCode = status
  let body: Buffer | null = Buffer.from(text, "utf8")
  res.setHeader("Content-Length", body.length)
  if (!res.hasHeader("ETag")) {
    res.setHeader("ETag", createETag(body, { weak: true }))
  }
  const method = req.method
  if (
    (method === "GET" || method === "HEAD") &&
    ((status >= 200 && status < 300) || status === 304) &&
    isFresh(req.headers, { etag: String(res.getHeader("ETag")) })
  ) {
    res.statusCode = 304
  }
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader("Content-Type")
    res.removeHeader("Content-Length")
    res.removeHeader("Transfer-Encoding")
    body = null
  }
  if (method === "HEAD" || !body) {
    res.end()
  } else {
    res.end(body)
  }
}

/** Express's `res.status(status).json(body)`. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  if (!res.hasHeader("Content-Type")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8")
  }
  send(req, res, status, JSON.stringify(body))
}

/** Express's `res.send(text)` with its default HTML content type (the health check, OPTIONS). */
export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
  res.setHeader("Content-Type", "text/html; charset=utf-8")
  send(req, res, status, text)
}

/** Express's answer to a path or method no route serves: finalhandler's 404 page. */
export function notFound(req: IncomingMessage, res: ServerResponse) {
  finalhandler(req, res)()
}

const typeOfStatus = (status: number) =>
  ({ 400: "invalid_data", 401: "unauthorized", 403: "forbidden", 404: "not_found", 409: "conflict" })[status] ??
  "unknown_error"

/** Medusa's error handler for body-parser's errors (invalid JSON, too large, bad charset). */
export function sendHttpError(req: IncomingMessage, res: ServerResponse, error: HttpError) {
  const status = error.statusCode
  sendJson(req, res, status, {
    message: status < 500 ? error.message : "An unknown error occurred.",
    type: typeOfStatus(status),
  })
}

/** Medusa's error handler for anything unexpected. */
export function sendUnexpected(req: IncomingMessage, res: ServerResponse) {
  sendJson(req, res, 500, { code: "unknown_error", type: "unknown_error", message: "An unknown error occurred." })
}
