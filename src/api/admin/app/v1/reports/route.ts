import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { chatModule } from "../helpers"
import type { AdminReportRangeType } from "../validators"

/**
 * The support report (CONTRACT §11) over conversations started in [from, to): how fast staff
 * answer and resolve, the ratings, per assignee (with the user's name) and per label.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminReportRangeType>, res: MedusaResponse) => {
  const { from, to } = req.validatedQuery as AdminReportRangeType
  const report = await (await chatModule(req).reports()).report(from, to)
  const ids = report.by_agent.map((agent) => agent.user_id)
  const users = ids.length
    ? await req.scope.resolve(Modules.USER).listUsers({ id: ids }, { select: ["id", "first_name", "last_name", "email"] })
    : []
  const names = new Map(users.map((user) => [user.id, [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email]))
  res.json({
    ...report,
    // An assignee whose user was deleted keeps their figures under their id.
    by_agent: report.by_agent.map((agent) => ({ ...agent, name: names.get(agent.user_id) ?? null })),
  })
}
