import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { staffUploadRoute } from "../helpers"
import type { AdminUploadAttachmentType } from "../validators"

export const POST = async (req: AuthenticatedMedusaRequest<unknown, AdminUploadAttachmentType>, res: MedusaResponse) => {
  const { conversation_id } = req.validatedQuery as AdminUploadAttachmentType
  await staffUploadRoute(req, res, conversation_id)
}
