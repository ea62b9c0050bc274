import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule } from "../../../../medusa/coming-soon"
import { streamBackInStockCsv } from "../../../../coming-soon/back-in-stock-export"
import type { AdminListBackInStockSubscriptionsType } from "../validators"

/**
 * `GET /admin/back-in-stock/subscriptions`: the shoppers waiting or emailed, newest first, by
 * product, variant, status or part of the address; `format=csv` streams every match.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListBackInStockSubscriptionsType>, res: MedusaResponse) => {
  const { limit, offset, format, ...filters } = req.validatedQuery as AdminListBackInStockSubscriptionsType
  const store = await comingSoonModule(req.scope).backInStock()
  if (format === "csv") {
    await streamBackInStockCsv(store.each(filters), res)
    return
  }
  const { items, count } = await store.list(filters, { limit, offset })
  res.json({ subscriptions: items, count, limit, offset })
}
