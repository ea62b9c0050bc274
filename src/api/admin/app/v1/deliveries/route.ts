import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { CHAT_DELIVERY_TOPICS, chatDeliveryView, outboxOf } from "./outbox-view"
import type { AdminListDeliveriesType } from "./validators"
import { listPayload } from "../helpers"

/** The chat's outgoing deliveries (bridge posts, relayed visitor effects), `dead` ones by default. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListDeliveriesType>, res: MedusaResponse) => {
  const { status, per_page, page } = req.validatedQuery as AdminListDeliveriesType
  const outbox = await outboxOf(req)
  const { items, total } = await outbox.list(CHAT_DELIVERY_TOPICS, status, per_page, (page - 1) * per_page)
  res.json(listPayload(items.map(chatDeliveryView), total, per_page, page))
}
