import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, customerIdsMatching, customerNames, encodeInboxCursor, listPayload } from "../helpers"
import type { AdminListConversationsType } from "../validators"

/**
 * The list payload, plus two fields only when they carry news: `count_capped: true` when
 * `total` stopped at the cap, `next_cursor` when more conversations follow. Each item names its
 * customer (`customer_name`), and a search also finds conversations of customers whose email or
 * name matches, which the Customer module looks up.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListConversationsType>, res: MedusaResponse) => {
  const { per_page, page, cursor, ...filters } = req.validatedQuery as AdminListConversationsType
  const inbox = await chatModule(req).inbox()
  const term = filters.search?.trim()
  const list = await inbox.listConversations({
    ...filters,
    search_customer_ids: term ? await customerIdsMatching(req.scope, term) : undefined,
    limit: per_page,
    offset: (page - 1) * per_page,
    after: cursor,
  })
  const names = await customerNames(
    req.scope,
    list.items.flatMap((item) => (item.customer_id ? [item.customer_id] : []))
  )
  const items = list.items.map((item) => ({ ...item, customer_name: item.customer_id ? (names.get(item.customer_id) ?? null) : null }))
  res.json({
    ...listPayload(items, list.total, per_page, page),
    ...(list.count_capped && { count_capped: true }),
    ...(list.next_cursor && { next_cursor: encodeInboxCursor(list.next_cursor) }),
  })
}
