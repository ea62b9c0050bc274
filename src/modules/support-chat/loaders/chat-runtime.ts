import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ConfigModule, LoaderOptions, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { asValue } from "@medusajs/framework/awilix"
import { checkPluginOptions } from "../../../shared/plugin-options"
import { ChatRuntime, type ChatRuntimeInput } from "../runtime/chat-runtime"

export const CHAT_RUNTIME = "chatRuntime"

/** Registers this process's chat runtime in the module's container; the service closes it on shutdown. */
export default async function chatRuntimeLoader({ container, options }: LoaderOptions<ChatRuntimeInput["options"]>) {
  // The chat's loader runs before its service: a bad option value stops the start here, naming the option.
  checkPluginOptions(options)
  const config = container.resolve<ConfigModule | undefined>(ContainerRegistrationKeys.CONFIG_MODULE, {
    allowUnregistered: true,
  })
  const runtime = new ChatRuntime({
    knex: container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION),
    logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    options: options ?? {},
    redisUrl: config?.projectConfig?.redisUrl,
  })
  container.register(CHAT_RUNTIME, asValue(runtime))
}
