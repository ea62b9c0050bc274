import type { MedusaContainer } from "@medusajs/framework/types"
import { createApiKeysWorkflow } from "@medusajs/medusa/core-flows"

/** A publishable key, as every `/store` request needs one. */
export async function createPublishableKey(container: MedusaContainer): Promise<string> {
  const { result } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Test storefront", type: "publishable", created_by: "" }] },
  })
  return result[0].token
}
