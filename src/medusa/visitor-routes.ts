import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { medusaClientOf } from "./client-ip"
import { medusaCustomerOf } from "./customer-auth"
import { variableValues } from "./customer-context"
import type { Outcome } from "../shared/outcome"
import { sendOutcome } from "../shared/send-outcome"
import { medusaVisitorDeps } from "./chat"
import type { VisitorDeps } from "../chat/visitor/visitor-api"
import type { VisitorRequest } from "../chat/visitor/http"

/** Adapts a visitor operation to a Medusa route handler. */
export const visitorRoute =
  (operation: (deps: VisitorDeps, req: VisitorRequest) => Promise<Outcome>) =>
  async (req: MedusaRequest, res: MedusaResponse) => {
    const deps: VisitorDeps = {
      ...(await medusaVisitorDeps(req.scope)),
      variableValues: (conversation) => variableValues(req.scope, conversation, null),
    }
    const outcome = await operation(deps, {
      ip: medusaClientOf(req)?.key,
      cookies: req.cookies ?? {},
      customerId: medusaCustomerOf(req),
      body: req.body,
      query: req.query,
    })
    sendOutcome(res, outcome)
  }
