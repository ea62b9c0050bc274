import { z } from "@medusajs/framework/zod"
import { OUTBOX_STATUSES } from "../../../../../modules/launchdesk/models/outbox-entry"
import { integer } from "../../../../../shared/input-schema"

export const MAX_PER_PAGE = 100

export const AdminListDeliveries = z.object({
  status: z.enum(OUTBOX_STATUSES).default("dead"),
  // Larger pages are clamped, not refused (CONTRACT §2).
  per_page: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((perPage) => Math.min(perPage, MAX_PER_PAGE)),
  page: integer({ min: 1, max: 1_000_000 }).default(1),
})
export type AdminListDeliveriesType = z.infer<typeof AdminListDeliveries>
