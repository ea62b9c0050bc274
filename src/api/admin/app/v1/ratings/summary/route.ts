import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule } from "../../helpers"
import type { AdminRatingsSummaryType } from "../../validators"

/** `GET /admin/app/v1/ratings/summary?weeks`: count and average score per week, oldest first, and over all of them. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminRatingsSummaryType>, res: MedusaResponse) => {
  const { weeks } = req.validatedQuery as AdminRatingsSummaryType
  res.json(await (await chatModule(req).feedback()).ratingsSummary(weeks))
}
