import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCannedResponseWorkflow } from "../../../../../workflows/chat/create-canned-response"
import { chatModule, listPayload } from "../helpers"
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
  const { result } = await createCannedResponseWorkflow(req.scope).run({ input: req.validatedBody })
  res.json(toCannedResponseDTO(result))
}
