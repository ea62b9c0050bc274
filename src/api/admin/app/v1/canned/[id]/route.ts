import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toCannedResponseDTO } from "../canned-dto"
import type { AdminUpdateCannedResponseType } from "../../validators"
import { deleteCannedResponseWorkflow, integerIdParam, updateCannedResponseWorkflow } from "../../helpers"

const update = async (req: AuthenticatedMedusaRequest<AdminUpdateCannedResponseType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Canned response")
  const { result } = await updateCannedResponseWorkflow(req.scope).run({ input: { id, ...req.validatedBody } })
  res.json(toCannedResponseDTO(result))
}

export const PUT = update
export const PATCH = update

export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await deleteCannedResponseWorkflow(req.scope).run({ input: { id: integerIdParam(req, "Canned response") } })
  res.json({ success: true })
}
