import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { medusaClientOf } from "./client-ip"
import { medusaCustomerOf } from "./customer-auth"
import { variableValues } from "./customer-context"
import type { Outcome } from "../shared/outcome"
import { requestedLocalesOf } from "./locale"
import { sendOutcome } from "../shared/send-outcome"
import { medusaVisitorDeps } from "./chat"
import type { VisitorDeps } from "../chat/visitor/visitor-api"
import type { VisitorRequest } from "../chat/visitor/http"

type Operation = (deps: VisitorDeps, req: VisitorRequest) => Promise<Outcome>

/** A Medusa request as the visitor operations see it (client key, cookies, verified customer). */
export const visitorRequestOf = (req: MedusaRequest): VisitorRequest => ({
  ip: medusaClientOf(req)?.key,
  cookies: req.cookies ?? {},
  customerId: medusaCustomerOf(req),
  locales: requestedLocalesOf(req),
  body: req.body,
  query: req.query,
})

/**
 * Adapts a visitor operation to a Medusa route handler. `withScope` adds what needs the
 * request's container; the poll and the others run on the process's deps as they are.
 */
export const visitorRoute =
  (operation: Operation, withScope?: (scope: MedusaRequest["scope"]) => Partial<VisitorDeps>) =>
  async (req: MedusaRequest, res: MedusaResponse) => {
    const shared = await medusaVisitorDeps(req.scope)
    const deps = withScope ? { ...shared, ...withScope(req.scope) } : shared
    sendOutcome(res, await operation(deps, visitorRequestOf(req)))
  }

/** `POST /auto-reply` fills canned variables from the Customer, Order and Store modules. */
export const autoReplyRoute = (operation: Operation) =>
  visitorRoute(operation, (scope) => ({ variableValues: (conversation) => variableValues(scope, conversation, null) }))
