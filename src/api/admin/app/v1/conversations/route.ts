import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, listPayload } from "../helpers"
import type { AdminListConversationsType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListConversationsType>, res: MedusaResponse) => {
  const { per_page, page, ...filters } = req.validatedQuery as AdminListConversationsType
  const inbox = await chatModule(req).inbox()
  const { items, total } = await inbox.listConversations({ ...filters, limit: per_page, offset: (page - 1) * per_page })
  res.json(listPayload(items, total, per_page, page))
}
