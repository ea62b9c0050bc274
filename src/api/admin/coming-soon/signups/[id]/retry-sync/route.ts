import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonModule, stringIdParam } from "../../../helpers"

/** Gives a dead ledger row a fresh set of sync attempts, due now; the sync job takes it from there. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = stringIdParam(req, "id", "Signup")
  const store = await comingSoonModule(req.scope).signups()
  const result = await store.retryDeadSignup(id)
  if (result === "not_found") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Signup ${id} was not found`)
  }
  if (result === "not_dead") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Signup ${id} is not dead: only a dead sync can be retried`)
  }
  res.json({ success: true })
}
