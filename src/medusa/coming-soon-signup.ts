import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { createComingSoonSignupWorkflow } from "../workflows/create-coming-soon-signup"
import { comingSoonConfigOf, comingSoonSettingsOf, signupTokenKeyOf } from "./coming-soon"
import { loadProductWithSettings } from "../coming-soon/product-settings"
import type { SignupDeps } from "../coming-soon/signup"

/** What the signup action needs, from Medusa's container. */
export async function signupDepsOf(container: MedusaContainer): Promise<SignupDeps> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return {
    config: comingSoonConfigOf(container),
    tokenKey: signupTokenKeyOf(container),
    settings: () => comingSoonSettingsOf(container),
    limiter: await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits(),
    findProduct: (productId) => loadProductWithSettings(container, productId),
    record: async (input) => (await createComingSoonSignupWorkflow(container).run({ input })).result,
    warn: (message) => logger.warn(message),
  }
}
