import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule } from "../../../../medusa/coming-soon"
import { signupView, streamSignupsCsv } from "../../../../coming-soon/signups-export"
import { listPayload } from "../../../utils/validate-query"
import type { AdminListSignupsType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListSignupsType>, res: MedusaResponse) => {
  const { per_page, page, format, ...filters } = req.validatedQuery as AdminListSignupsType
  const comingSoon = comingSoonModule(req.scope)
  if (format === "csv") {
    await streamSignupsCsv((await comingSoon.signups()).eachSignup(filters), res)
    return
  }
  const { items, total } = await comingSoon.listSignups(filters, { limit: per_page, offset: (page - 1) * per_page })
  res.json(listPayload(items.map(signupView), total, per_page, page))
}
