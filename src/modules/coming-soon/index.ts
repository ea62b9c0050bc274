import { Module } from "@medusajs/framework/utils"
import ComingSoonModuleService from "./service"

export const COMING_SOON_MODULE = "comingSoon"

export default Module(COMING_SOON_MODULE, {
  service: ComingSoonModuleService,
})

export { ComingSoonModuleService }
