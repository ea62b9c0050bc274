import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  comingSoonModule,
  launchComingSoonProductWorkflow,
  launchView,
  requireProductWithSettings,
  stringIdParam,
  type AdminLaunchProductType,
} from "../../../helpers"

/** The product's launch and its emails' progress; 404 for an unknown product. */
async function currentLaunch(req: AuthenticatedMedusaRequest, productId: string) {
  const product = await requireProductWithSettings(req.scope, productId)
  const launches = await comingSoonModule(req.scope).launches()
  const [launch, progress] = await Promise.all([launches.findLaunch(product.id), launches.progress(product.id)])
  return launchView(product, launch, progress)
}

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json({ launch: await currentLaunch(req, stringIdParam(req, "product_id", "Product")) })
}

/** CONTRACT §7: launches once; a second call answers the first launch and starts nothing. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminLaunchProductType>, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  await launchComingSoonProductWorkflow(req.scope).run({
    input: { product_id: productId, ...req.validatedBody, trigger: "admin", launched_by: req.auth_context.actor_id },
  })
  res.json({ launch: await currentLaunch(req, productId) })
}
