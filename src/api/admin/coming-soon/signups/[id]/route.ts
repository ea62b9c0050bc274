import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonModule, stringIdParam } from "../../helpers"
import { mailerTargetOf } from "../../../../../medusa/coming-soon"
import { forgetSubscriber } from "../../../../../coming-soon/mailer-client"

/**
 * A data-erasure request (CONTRACT §7): the ledger row is erased, and first its mailing-list
 * subscriber when it was synced. When the provider cannot forget them now, nothing is erased
 * and the answer is 502, so the request can be made again rather than half done.
 */
export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = stringIdParam(req, "id", "Signup")
  const module = comingSoonModule(req.scope)
  const [signup] = await module.listCsSignups({ id }, { select: ["id", "mailer_id"], take: 1 })
  if (!signup) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Signup ${id} was not found`)
  }
  const target = await mailerTargetOf(req.scope)
  if (signup.mailer_id && target.apiKey) {
    const forgotten = await forgetSubscriber({ baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: target.timeoutMs }, signup.mailer_id)
    if (!forgotten.ok) {
      req.scope.resolve("logger").warn(`launchdesk: erasing signup ${id}: the mailing list did not forget the subscriber: ${forgotten.error}`)
      res.status(502).json({
        type: "unexpected_state",
        message: "The mailing-list provider could not erase the subscriber; nothing was erased. Try again later.",
      })
      return
    }
  }
  // Hard delete: erasure leaves no soft-deleted copy behind.
  await (await module.signups()).eraseSignup(id)
  res.json({ success: true })
}
