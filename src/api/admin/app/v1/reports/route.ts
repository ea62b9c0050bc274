import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, userNames } from "../helpers"
import type { AdminReportRangeType } from "../validators"

/**
 * The support report (CONTRACT §11) over conversations started in [from, to): how fast staff
 * answer and resolve, the ratings, per assignee (with the user's name) and per label.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminReportRangeType>, res: MedusaResponse) => {
  const { from, to } = req.validatedQuery as AdminReportRangeType
  const report = await (await chatModule(req).reports()).report(from, to)
  const names = await userNames(req, report.by_agent.map((agent) => agent.user_id))
  res.json({
    ...report,
    // An assignee whose user was deleted keeps their figures under their id.
    by_agent: report.by_agent.map((agent) => ({ ...agent, name: names.get(agent.user_id) ?? null })),
  })
}
