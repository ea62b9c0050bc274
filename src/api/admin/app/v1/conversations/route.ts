import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, encodeInboxCursor, listPayload } from "../helpers"
import type { AdminListConversationsType } from "../validators"

/**
 * The list payload, plus two fields only when they carry news: `count_capped: true` when
 * `total` stopped at the cap, `next_cursor` when more conversations follow.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListConversationsType>, res: MedusaResponse) => {
  const { per_page, page, cursor, ...filters } = req.validatedQuery as AdminListConversationsType
  const inbox = await chatModule(req).inbox()
  const list = await inbox.listConversations({ ...filters, limit: per_page, offset: (page - 1) * per_page, after: cursor })
  res.json({
    ...listPayload(list.items, list.total, per_page, page),
    ...(list.count_capped && { count_capped: true }),
    ...(list.next_cursor && { next_cursor: encodeInboxCursor(list.next_cursor) }),
  })
}
