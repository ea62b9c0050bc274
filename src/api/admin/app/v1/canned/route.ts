import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { listPayload } from "../../../../utils/validate-query"
import { chatModule } from "../helpers"
import { cannedFilters, toCannedResponseDTO } from "./canned-dto"
import type { AdminCreateCannedResponseType, AdminListCannedType } from "../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListCannedType>, res: MedusaResponse) => {
  const { per_page, page, search, category } = req.validatedQuery as AdminListCannedType
  const [rows, total] = await chatModule(req).listAndCountCannedResponses(cannedFilters(search, category), {
    skip: (page - 1) * per_page,
    take: per_page,
    order: { question: "ASC", id: "ASC" },
  })
  res.json(listPayload(rows.map(toCannedResponseDTO), total, per_page, page))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminCreateCannedResponseType>, res: MedusaResponse) => {
  const chat = chatModule(req)
  const { source_message_id, ...fields } = req.validatedBody
  if (source_message_id && !(await (await chat.inboxStore()).messageExists(source_message_id))) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Message ${source_message_id} does not exist`)
  }
  const created = await chat.createCannedResponses({ ...fields, source_message_id: source_message_id ?? null })
  res.json(toCannedResponseDTO(created))
}
