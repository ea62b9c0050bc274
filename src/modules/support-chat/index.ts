import { Module } from "@medusajs/framework/utils"
import chatRuntimeLoader from "./loaders/chat-runtime"
import SupportChatModuleService from "./service"

export const SUPPORT_CHAT_MODULE = "supportChat"

export default Module(SUPPORT_CHAT_MODULE, {
  service: SupportChatModuleService,
  loaders: [chatRuntimeLoader],
})

export { SupportChatModuleService }
