import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../modules/launchdesk"
import { CHAT_EVENTS } from "../events"
import { bridgeDelivery } from "../bridge/medusa"
import { SqlDailyQuota } from "../../shared/daily-quota"
import { knexRunner } from "../../shared/sql"
import { medusaPush } from "../push/medusa"
import type { VisitorEffects } from "./deferred-effects"
import type { VisitorDeps } from "./visitor-api"
import type { VisitorRequest, VisitorResponse } from "./http"
import { buildVisitorDeps } from "./visitor-deps"

/**
 * What follows a visitor operation on the Medusa side: events and team-chat posts. The fast
 * lane records the same effects and a Medusa process runs them through these hooks
 * (deferred-effects.ts).
 */
export function medusaVisitorEffects(scope: MedusaContainer): VisitorEffects {
  const eventBus = scope.resolve(Modules.EVENT_BUS)
  return {
    onConversationCreated: (data) => eventBus.emit({ name: CHAT_EVENTS.CONVERSATION_CREATED, data }),
    onVisitorMessage: async (data) => {
      await eventBus.emit({ name: CHAT_EVENTS.MESSAGE_CREATED, data: { ...data, sender: "visitor" } })
      // Records the team-chat post and tries it in the background; never fails the send.
      await (await bridgeDelivery(scope)).afterMessageStored(data)
    },
    onAutoReply: (data) => eventBus.emit({ name: CHAT_EVENTS.MESSAGE_CREATED, data: { ...data, sender: "auto" } }),
  }
}

async function buildMedusaVisitorDeps(scope: MedusaContainer, chat: SupportChatModuleService): Promise<VisitorDeps> {
  const launchdesk = scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  return buildVisitorDeps({
    stores: {
      store: await chat.visitorStore(),
      limiter: await launchdesk.limiter(),
      // The daily cap lives in the limiter's table, on the app's shared connection.
      dailyQuota: new SqlDailyQuota(knexRunner(scope.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION))),
      settings: await launchdesk.settingsStore(),
    },
    options: chat.options,
    effects: medusaVisitorEffects(scope),
    pollSource: (await medusaPush(scope)).pollCache,
    warn: (message) => logger.warn(message),
  })
}

// Built once per app (the services are singletons), so an idle poll pays no setup per request.
const depsByApp = new WeakMap<SupportChatModuleService, Promise<VisitorDeps>>()

export function medusaVisitorDeps(scope: MedusaContainer): Promise<VisitorDeps> {
  const chat = scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  let deps = depsByApp.get(chat)
  if (!deps) {
    deps = buildMedusaVisitorDeps(scope, chat)
    depsByApp.set(chat, deps)
    deps.catch(() => depsByApp.delete(chat))
  }
  return deps
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
