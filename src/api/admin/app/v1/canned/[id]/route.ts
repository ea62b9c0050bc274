import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { integerIdParam } from "../../../../../utils/validate-query"
import { chatModule } from "../../helpers"
import { toCannedResponseDTO } from "../canned-dto"
import type { AdminUpdateCannedResponseType } from "../../validators"

async function existingCannedId(req: AuthenticatedMedusaRequest) {
  const id = integerIdParam(req, "Canned response")
  const [found] = await chatModule(req).listCannedResponses({ id }, { select: ["id"] })
  if (!found) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${id} was not found`)
  }
  return id
}

const update = async (req: AuthenticatedMedusaRequest<AdminUpdateCannedResponseType>, res: MedusaResponse) => {
  const id = await existingCannedId(req)
  const updated = await chatModule(req).updateCannedResponses({ id, ...req.validatedBody })
  res.json(toCannedResponseDTO(updated))
}

export const PUT = update
export const PATCH = update

export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await chatModule(req).deleteCannedResponses({ id: await existingCannedId(req) })
  res.json({ success: true })
}
