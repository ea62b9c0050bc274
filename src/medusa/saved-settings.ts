import type { MedusaContainer } from "@medusajs/framework/types"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"

/** The settings saved from the admin (both features'), through the launchdesk module. */
export const savedSettingsOf = (container: MedusaContainer) =>
  container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settings()
