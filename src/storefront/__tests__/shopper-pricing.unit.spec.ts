import { ChatController } from "../core/chat-controller"
import type { ShopperPricing } from "../core/chat-options"
import { optionsFromScript } from "../core/config"
import { DEFAULT_LABELS } from "../core/default-labels"
import { withChatLabels } from "../core/labels"
import { until } from "./wait"

/** A chat whose `/session` bodies are recorded, priced by `pricing` when given. */
function recordedChat(pricing?: () => ShopperPricing) {
  const sessions: Record<string, unknown>[] = []
  const api = {
    get: async <T>() => ({ messages: [], has_more: false }) as T,
    post: async <T>(path: string, body?: unknown) => {
      if (path === "/session") sessions.push(body as Record<string, unknown>)
      return (path === "/session" ? { conversation_id: sessions.length, messages: [], status: "open" } : {}) as T
    },
  }
  const controller = new ChatController({
    api,
    labels: withChatLabels(DEFAULT_LABELS),
    pricing,
    emailOfferAfterSeconds: 60,
    pollIntervalMs: 60_000,
    maxPollIntervalMs: 60_000,
    autoReply: false,
    pageUrl: () => "https://shop.example/products/tee",
  })
  return { controller, sessions }
}

describe("the shopper's region and currency, for product cards' prices", () => {
  it("go with each session start as the page knows them then, and stay out when the page names none", async () => {
    let region: ShopperPricing = { region_id: "reg_eu" }
    const { controller, sessions } = recordedChat(() => region)
    controller.open()
    await until(() => controller.getState().phase === "ready", "the session")
    expect(sessions).toEqual([{ region_id: "reg_eu", page_url: "https://shop.example/products/tee" }])

    // The shopper switched country: the next start names the new region and currency.
    region = { region_id: "reg_us", currency_code: "usd" }
    expect(await controller.startNewConversation()).toBe(true)
    expect(sessions[1]).toEqual({ region_id: "reg_us", currency_code: "usd", page_url: "https://shop.example/products/tee", new_conversation: true })
    controller.stop()

    const plain = recordedChat()
    plain.controller.open()
    await until(() => plain.controller.getState().phase === "ready", "the session")
    plain.controller.stop()
    expect(JSON.parse(JSON.stringify(plain.sessions))).toEqual([{ page_url: "https://shop.example/products/tee" }])
  })

  it("come from the script tag's data-region-id and data-currency-code", () => {
    const attributes: Record<string, string> = { "data-region-id": " reg_eu ", "data-currency-code": "eur" }
    const options = optionsFromScript({ getAttribute: (name: string) => attributes[name] ?? null })
    expect([options.regionId, options.currencyCode]).toEqual(["reg_eu", "eur"])
    expect(optionsFromScript({ getAttribute: () => null }).regionId).toBeUndefined()
  })
})
