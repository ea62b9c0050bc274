import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../modules/launchdesk"
import { medusaPush } from "../push/medusa"
import { relayVisitorEffects, VISITOR_EFFECTS_CHANNEL } from "./deferred-effects"
import { medusaVisitorEffects } from "./medusa-route"

export type EffectsRelay = {
  /** Runs every recorded effect that is due; returns how many ran. */
  drain: () => Promise<number>
}

async function buildRelay(scope: MedusaContainer): Promise<EffectsRelay> {
  const outbox = await scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).outboxStore()
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  const warn = (message: string) => logger.warn(message)
  const effects = medusaVisitorEffects(scope)

  let draining = false
  let drainAgain = false
  const drain = async () => {
    if (draining) {
      drainAgain = true
      return 0
    }
    draining = true
    let relayed = 0
    try {
      do {
        drainAgain = false
        relayed += await relayVisitorEffects(outbox, effects, warn)
      } while (drainAgain)
    } finally {
      draining = false
    }
    return relayed
  }
  const drainNow = () => void drain().catch((error) => warn(`launchdesk: relaying visitor effects failed: ${error}`))

  // Woken by the fast lane's NOTIFY, so its events leave within milliseconds; after a
  // reconnect, whatever was announced meanwhile is picked up.
  const { listener } = await medusaPush(scope)
  listener.on(VISITOR_EFFECTS_CHANNEL, drainNow)
  listener.onResync(drainNow)
  return { drain }
}

const relays = new WeakMap<LaunchDeskModuleService, Promise<EffectsRelay>>()

/** This process's relay of fast-lane effects; the first call also subscribes it to their NOTIFY. */
export function medusaEffectsRelay(scope: MedusaContainer): Promise<EffectsRelay> {
  const launchdesk = scope.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  let relay = relays.get(launchdesk)
  if (!relay) {
    relay = buildRelay(scope)
    relays.set(launchdesk, relay)
    relay.catch(() => relays.delete(launchdesk))
  }
  return relay
}
