import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { toCannedResponseDTO } from "../canned-dto"
import type { AdminUpdateCannedResponseType } from "../../validators"
import { chatModule, deleteCannedResponseWorkflow, integerIdParam, updateCannedResponseWorkflow } from "../../helpers"

/** One canned response, its `translations` included. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = integerIdParam(req, "Canned response")
  const [row] = await chatModule(req).listCannedResponses({ id })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${id} was not found`)
  res.json(toCannedResponseDTO(row))
}

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
