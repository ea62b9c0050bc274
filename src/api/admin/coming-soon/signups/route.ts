import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule } from "../../../../coming-soon/medusa-deps"
import { signupView, streamSignupsCsv } from "../../../../coming-soon/signups-export"
import { listPayload } from "../../../utils/validate-query"
import type { AdminListSignupsType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListSignupsType>, res: MedusaResponse) => {
  const { per_page, page, format, ...filters } = req.validatedQuery as AdminListSignupsType
  const store = await comingSoonModule(req.scope).comingSoonStore()
  if (format === "csv") {
    await streamSignupsCsv(store.eachSignup(filters), res)
    return
  }
  const { items, total } = await store.listSignups(filters, per_page, (page - 1) * per_page)
  res.json(listPayload(items.map(signupView), total, per_page, page))
}
