import type { MedusaContainer } from "@medusajs/framework/types"
import { createApiKeysWorkflow, createSalesChannelsWorkflow, linkSalesChannelsToApiKeyWorkflow } from "@medusajs/medusa/core-flows"

/** A publishable key, as every `/store` request needs one. */
export async function createPublishableKey(container: MedusaContainer): Promise<string> {
  const { result } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Test storefront", type: "publishable", created_by: "" }] },
  })
  return result[0].token
}

/** A sales channel named `name` and a publishable key scoped to it: a storefront of its own. */
export async function createStorefrontChannel(container: MedusaContainer, name: string): Promise<{ salesChannelId: string; publishableKey: string }> {
  const { result: channels } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name }] } })
  const { result: keys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [channels[0].id] } })
  return { salesChannelId: channels[0].id, publishableKey: keys[0].token }
}
