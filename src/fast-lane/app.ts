import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http"
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express"
import cookieParser from "cookie-parser"
import cors from "cors"
import { getHttpResponseFromError } from "@medusajs/framework/http"
import { MedusaError, parseCorsOrigins } from "@medusajs/framework/utils"
import { clientIpResolver, type TrustProxy } from "../shared/client-ip"
import type { Outcome } from "../shared/outcome"
import { LOCALE_HEADER, requestedLocales } from "../shared/locale"
import { sendOutcome } from "../shared/send-outcome"
import { responseClosed, startSse } from "../chat/push/sse-response"
import { isOpenStream, openVisitorStream, type VisitorStreamDeps } from "../chat/push/stream"
import { requestAutoReply } from "../chat/visitor/auto-reply"
import type { VisitorRequest } from "../chat/visitor/http"
import { rateConversation, requestTranscript } from "../chat/visitor/feedback"
import { markReadByVisitor, sendTyping } from "../chat/visitor/typing-and-read"
import { pollMessages, saveEmail, sendMessage, startSession, type VisitorDeps } from "../chat/visitor/visitor-api"
import { linkSession } from "../chat/visitor/customer-link"
import { signup, signupErrorBody } from "../coming-soon/signup"
import { productConfig } from "../coming-soon/storefront-config"
import { SIGNUP_PATH, withSignupEnvelope } from "../api/utils/signup-envelope"
import { withMalformedPathAsNotFound } from "../api/utils/malformed-path"
import { PUBLISHABLE_KEY_HEADER, type PublishableKeyCheck } from "./publishable-key"
import type { CustomerVerifier } from "./customer-auth"
import type { ComingSoonLane } from "./coming-soon"

/**
 * The visitor routes and the coming-soon signup and config read on Express, with the part of
 * Medusa's HTTP stack a store route passes through, in Medusa's order (src/api/store/app/v1
 * and src/api/store/coming-soon are the same routes on Medusa): cookies,
 * the JSON, text and urlencoded bodies, storeCors for a known route, the publishable key,
 * the locale, the route, then Express's 404 and Medusa's error answers. Express itself gives
 * the rest as Medusa has it: query parsing, ETag and 304, HEAD, OPTIONS, `X-Powered-By`.
 */

export type FastLaneAppOptions = {
  deps: VisitorDeps
  streamDeps: VisitorStreamDeps
  comingSoon: ComingSoonLane
  keys: PublishableKeyCheck
  /** Verifies a signed-in customer as Medusa does; without it every request is a guest's. */
  customers?: Pick<CustomerVerifier, "customerOf">
  /** Medusa's `projectConfig.http.storeCors`. */
  storeCors: string
  trustProxy?: TrustProxy
  logError: (message: string) => void
}

type Operation = (deps: VisitorDeps, req: VisitorRequest) => Promise<Outcome>

const V1 = "/store/app/v1"
// The Medusa routes under src/api/store/app/v1, served with the same operations.
const OPERATIONS: { method: "GET" | "POST"; path: string; operation: Operation }[] = [
  { method: "POST", path: `${V1}/session`, operation: startSession },
  { method: "POST", path: `${V1}/session/link`, operation: linkSession },
  { method: "POST", path: `${V1}/send`, operation: sendMessage },
  { method: "GET", path: `${V1}/poll`, operation: pollMessages },
  { method: "POST", path: `${V1}/email`, operation: saveEmail },
  { method: "POST", path: `${V1}/auto-reply`, operation: requestAutoReply },
  { method: "POST", path: `${V1}/rating`, operation: rateConversation },
  { method: "POST", path: `${V1}/transcript`, operation: requestTranscript },
  { method: "POST", path: `${V1}/typing`, operation: sendTyping },
  { method: "POST", path: `${V1}/read`, operation: markReadByVisitor },
]
const STREAM_PATH = `${V1}/stream`
const PRODUCT_CONFIG_PATH = "/store/coming-soon/products/:product_id"

/** Express matches paths case-insensitively and with one optional trailing slash. */
const routeKey = (pathname: string) => pathname.toLowerCase().replace(/\/$/, "")
const METHOD_OF_PATH = new Map<string, string>([
  ...OPERATIONS.map((route) => [routeKey(route.path), route.method] as const),
  [routeKey(STREAM_PATH), "GET"],
  [routeKey(SIGNUP_PATH), "POST"],
])
// The config read's path, its product id one segment, matched as Express matches `:product_id`.
const PRODUCT_CONFIG_ROUTE = /^\/store\/coming-soon\/products\/[^/]+\/?$/i
const methodOfPath = (pathname: string) => (PRODUCT_CONFIG_ROUTE.test(pathname) ? "GET" : METHOD_OF_PATH.get(routeKey(pathname)))

/** Medusa's async handlers pass their errors on (its `wrapHandler`). */
const wrap =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    handler(req, res).catch(next)
  }

export function createFastLaneApp(options: FastLaneAppOptions): express.Express {
  const { deps, streamDeps, keys } = options
  const clientOf = clientIpResolver({ trustProxy: options.trustProxy })
  // The `locale` query parameter each request had before the locale middleware took it out.
  const queryLocales = new WeakMap<Request, unknown>()
  const visitorRequest = async (req: Request): Promise<VisitorRequest> => {
    const cookies = req.cookies ?? {}
    return {
      ip: clientOf(req.socket.remoteAddress, req.headers["x-forwarded-for"])?.key,
      cookies,
      customerId: options.customers ? await options.customers.customerOf({ authorization: req.headers.authorization, cookies }) : null,
      locales: requestedLocales(req.get(LOCALE_HEADER), queryLocales.get(req)),
      body: req.body,
      query: req.query,
    }
  }

  const app = express()
  app.get("/health", (_req, res) => {
    res.send("OK")
  })
  app.use(cookieParser())
  app.use(express.json(), express.text(), express.urlencoded({ extended: true }))

  // Medusa applies storeCors only to a known route and method; a preflight names its method.
  const applyCors = cors({ origin: parseCorsOrigins(options.storeCors), credentials: true, preflightContinue: false })
  app.use("/store", (req, res, next) => {
    const method = req.method === "OPTIONS" ? (req.headers["access-control-request-method"] ?? req.method) : req.method
    if (methodOfPath(`/store${req.path}`) === method) {
      applyCors(req, res, next)
    } else {
      next()
    }
  })
  app.use("/store", (req, _res, next) => {
    keys.check(req.get(PUBLISHABLE_KEY_HEADER)).then(
      // Medusa's publishable key middleware refuses with a NOT_ALLOWED error.
      (refusal) => next(refusal ? new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal.message) : undefined),
      next
    )
  })
  // Medusa's locale middleware takes `locale` out of the query before any store route; the
  // operations read it, after the header, as on Medusa's lane.
  app.use("/store", (req, _res, next) => {
    if (req.query.locale) {
      queryLocales.set(req, req.query.locale)
      delete req.query.locale
    }
    next()
  })

  for (const { method, path, operation } of OPERATIONS) {
    const handler = wrap(async (req, res) => sendOutcome(res, await operation(deps, await visitorRequest(req))))
    if (method === "GET") app.get(path, handler)
    else app.post(path, handler)
  }
  app.get(
    STREAM_PATH,
    wrap(async (req, res) => {
      // Made before the operation's first await: a client leaving at any point releases its slot.
      const closed = responseClosed(res)
      const visitor = await visitorRequest(req)
      const answer = await openVisitorStream(streamDeps, { ...visitor, lastEventId: req.get("last-event-id") }, closed)
      if (isOpenStream(answer)) startSse(res, answer)
      else sendOutcome(res, answer)
    })
  )

  // The coming-soon store routes, from the feature functions Medusa's routes call.
  const { comingSoon } = options
  app.post(
    SIGNUP_PATH,
    wrap(async (req, res) => {
      const client = clientOf(req.socket.remoteAddress, req.headers["x-forwarded-for"])
      const requested = requestedLocales(req.get(LOCALE_HEADER), queryLocales.get(req))
      const locale = await comingSoon.locale(requested)
      const customerId = options.customers
        ? await options.customers.customerOf({ authorization: req.headers.authorization, cookies: req.cookies ?? {} })
        : null
      const outcome = await signup(await comingSoon.signupDeps(), {
        ip: client?.key,
        remoteIp: client?.address,
        body: req.body,
        customerId,
        locale,
        consentText: comingSoon.consentText(requested, locale),
      })
      sendOutcome(res, outcome, signupErrorBody)
    })
  )
  app.get(
    PRODUCT_CONFIG_PATH,
    wrap(async (req, res) => {
      const requested = requestedLocales(req.get(LOCALE_HEADER), queryLocales.get(req))
      sendOutcome(res, await productConfig(comingSoon.productConfigDeps, { productId: req.params.product_id, requested }))
    })
  )

  app.use(medusaErrorAnswer(options.logError))
  return app
}

/** Medusa's error handler's answer (body-parser's errors, anything unexpected), from Medusa's own mapping. */
function medusaErrorAnswer(logError: (message: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // As Medusa's lane (src/api/middlewares.ts): a path id that does not decode names nothing.
    const { statusCode, body } = getHttpResponseFromError(withMalformedPathAsNotFound(error))
    if (statusCode >= 500) {
      logError(`launchdesk fast lane: ${req.method} ${req.path} failed: ${error instanceof Error ? error.stack : error}`)
    }
    if (res.headersSent) {
      res.destroy()
    } else {
      // As Medusa's lane: the signup's failures before its handler answer in the signup's envelope.
      res.status(statusCode).json(req.path === SIGNUP_PATH ? withSignupEnvelope(body) : body)
    }
  }
}

/**
 * An HTTP server for the app whose request and response objects are born with the app's
 * prototypes. Express re-parents every request and response (`Object.setPrototypeOf` in
 * its init middleware), which takes V8's fast paths away from each of those objects; born
 * with that prototype already, the re-parenting changes nothing (bench:lanes: the idle
 * poll's throughput about doubles). The answers are the same.
 */
export function createFastLaneServer(app: express.Express): Server {
  class LaneRequest extends IncomingMessage {}
  class LaneResponse extends ServerResponse<LaneRequest> {}
  Object.setPrototypeOf(LaneRequest.prototype, app.request)
  Object.setPrototypeOf(LaneResponse.prototype, app.response)
  Object.defineProperty(app, "request", { value: LaneRequest.prototype })
  Object.defineProperty(app, "response", { value: LaneResponse.prototype })
  return createServer({ IncomingMessage: LaneRequest, ServerResponse: LaneResponse }, app)
}
