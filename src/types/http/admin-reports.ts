// The support reports' answers (CONTRACT §11): the totals of a range, and the range per day, agent and label.
import { z } from "@medusajs/framework/zod"

const Percentiles = z.object({ p50: z.number().int().nullable(), p90: z.number().int().nullable() })

/** `GET /admin/app/v1/reports`: over the conversations started in [from, to) (CONTRACT §11). */
export const AdminReportResponse = z
  .object({
    conversations: z.number().int().min(0),
    /** From the shopper's first message to the first staff answer (inbox or team chat), in seconds. */
    first_response_seconds: Percentiles,
    /** From the start to the close of the conversations closed now, in seconds. */
    resolution_seconds: Percentiles,
    rating: z.object({ average: z.number().nullable(), count: z.number().int().min(0) }),
    /** Per assignee: the user's name (null once the user is gone), their conversations and first-response median. */
    by_agent: z.array(
      z.object({
        user_id: z.string(),
        name: z.string().nullable(),
        conversations: z.number().int().min(0),
        first_response_p50: z.number().int().nullable(),
      })
    ),
    by_label: z.array(z.object({ label: z.string(), conversations: z.number().int().min(0) })),
  })
  .meta({ id: "AdminReportResponse" })
export type AdminReportResponseType = z.infer<typeof AdminReportResponse>

const BreakdownRow = z.object({
  /** The day (`YYYY-MM-DD`, UTC), the assignee's user id or the label. */
  key: z.string(),
  conversations: z.number().int().min(0),
  first_response_seconds: Percentiles,
  resolution_seconds: Percentiles,
})

/**
 * `GET /admin/app/v1/reports/breakdown`: the report's range per day the conversations started
 * (oldest first; days without any left out), per assignee and per label (most first).
 */
export const AdminReportBreakdownResponse = z
  .object({
    days: z.array(BreakdownRow),
    /** `name`: the user's name, null once the user is gone. */
    agents: z.array(BreakdownRow.extend({ name: z.string().nullable() })),
    labels: z.array(BreakdownRow),
  })
  .meta({ id: "AdminReportBreakdownResponse" })
export type AdminReportBreakdownResponseType = z.infer<typeof AdminReportBreakdownResponse>
