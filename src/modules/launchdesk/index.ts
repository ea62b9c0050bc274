import { Module } from "@medusajs/framework/utils"
import LaunchDeskModuleService from "./service"

export const LAUNCHDESK_MODULE = "launchdesk"

export default Module(LAUNCHDESK_MODULE, {
  service: LaunchDeskModuleService,
})

export { LaunchDeskModuleService }
