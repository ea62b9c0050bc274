import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chatModule, streamCsv } from "../../helpers"
import type { AdminReportRangeType } from "../../validators"

const COLUMNS = [
  "conversation_id",
  "conversation_status",
  "email",
  "customer_id",
  "locale",
  "labels",
  "assigned_to",
  "message_id",
  "sender",
  "author_name",
  "message",
  "page_url",
  "created_at",
] as const

/**
 * Every message of the conversations started in [from, to) as CSV, one row a message (CONTRACT
 * §11): read a thousand rows at a time and written as the client reads, so memory stays bounded
 * whatever the range holds. Internal notes are staff's, not the conversation's, and stay out.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminReportRangeType>, res: MedusaResponse) => {
  const { from, to } = req.validatedQuery as AdminReportRangeType
  const reports = await chatModule(req).reports()
  await streamCsv(reports.eachMessage(from, to), res, { filename: "conversations.csv", columns: COLUMNS })
}
