import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../modules/launchdesk"
import { CHAT_EVENTS } from "../events"
import { loadChatSettings } from "../settings"
import { SqlDailyQuota } from "../../shared/daily-quota"
import { knexRunner } from "../../shared/sql"
import type { VisitorDeps } from "./visitor-api"
import type { VisitorRequest, VisitorResponse } from "./http"
import { visitorSettings } from "./options"

async function medusaVisitorDeps(scope: MedusaContainer): Promise<VisitorDeps> {
  const chat = scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const launchdesk = scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  const eventBus = scope.resolve(Modules.EVENT_BUS)
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  return {
    store: await chat.visitorStore(),
    limiter: await launchdesk.limiter(),
    settings: visitorSettings(chat.options),
    onConversationCreated: (data) => eventBus.emit({ name: CHAT_EVENTS.CONVERSATION_CREATED, data }),
    onVisitorMessage: (data) =>
      eventBus.emit({ name: CHAT_EVENTS.MESSAGE_CREATED, data: { ...data, sender: "visitor" } }),
    chatSettings: async () => loadChatSettings(await launchdesk.settingsStore(), chat.options),
    // The daily cap lives in the limiter's table, on the app's shared connection.
    dailyQuota: new SqlDailyQuota(knexRunner(scope.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION))),
    onAutoReply: (data) => eventBus.emit({ name: CHAT_EVENTS.MESSAGE_CREATED, data: { ...data, sender: "auto" } }),
    warn: (message) => logger.warn(message),
  }
}

export function sendVisitorResponse(res: MedusaResponse, result: VisitorResponse) {
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    res.setHeader(name, value)
  }
  res.status(result.status).json(result.body)
}

/** Adapts a visitor operation to a Medusa route handler. */
export const visitorRoute =
  (operation: (deps: VisitorDeps, req: VisitorRequest) => Promise<VisitorResponse>) =>
  async (req: MedusaRequest, res: MedusaResponse) => {
    const deps = await medusaVisitorDeps(req.scope)
    const result = await operation(deps, {
      ip: req.ip,
      cookies: req.cookies ?? {},
      body: req.body,
      query: req.query,
    })
    sendVisitorResponse(res, result)
  }
