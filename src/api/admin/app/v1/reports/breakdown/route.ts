import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, userNames } from "../../helpers"
import type { AdminReportRangeType } from "../../validators"

/**
 * The report's range per day, per assignee and per label, each with its response and
 * resolution percentiles: what the reports screen draws beside the totals of `GET /reports`.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminReportRangeType>, res: MedusaResponse) => {
  const { from, to } = req.validatedQuery as AdminReportRangeType
  const breakdown = await (await chatModule(req).reports()).breakdown(from, to)
  const names = await userNames(req, breakdown.agents.map((agent) => agent.key))
  res.json({
    ...breakdown,
    // An assignee whose user was deleted keeps their figures under their id.
    agents: breakdown.agents.map((agent) => ({ ...agent, name: names.get(agent.key) ?? null })),
  })
}
