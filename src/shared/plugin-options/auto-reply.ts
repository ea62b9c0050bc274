import { z } from "@medusajs/framework/zod"
import { doc, group, httpUrl, httpUrlOrBlank, text, wholeNumber } from "./option-kinds"

/** The auto-reply's options. */
export const autoReplyOptions = {
  autoReply: doc(
    group({
      baseUrl: doc(httpUrlOrBlank().optional(), {
        description:
          "OpenAI-compatible endpoint base, e.g. `https://api.openai.com/v1`. Set here, the admin cannot change it: a settings save with another `model.base_url` is 400",
      }),
      allowedBaseUrls: doc(z.array(httpUrl(), { error: "expected a list of URLs" }).default(["https://api.openai.com/v1"]), {
        description:
          "Without `autoReply.baseUrl`: the hosts (scheme, host and port of each entry) the admin's `model.base_url` may point at, so the model API key only ever goes to a host the store owner chose. A save outside them is 400; a stored one outside them is never called (`classifier_error`, a warning naming the host)",
      }),
      apiKey: doc(text().optional(), { secret: true, description: "Bearer key for that endpoint (write-only, never shown)" }),
      model: doc(text().optional(), { description: "Model name sent in each request, e.g. `gpt-4o-mini`" }),
      dailyCap: doc(wholeNumber(0, 1_000_000).default(50), {
        description: "Auto-replies per UTC day across the whole store; `0` turns them off",
      }),
      dailyCallBudget: doc(wholeNumber(0, 1_000_000).default(200), {
        description: "Model calls per UTC day across the whole store, whatever they answer; then `daily_cap_reached`",
      }),
      callsPerConversationPerDay: doc(wholeNumber(0).default(3), {
        description: "Model calls one conversation may cause per UTC day; then `daily_cap_reached`",
      }),
      callsPerAddressPerDay: doc(wholeNumber(0).optional(), {
        defaultText: "a tenth of the daily call budget (at least 1)",
        description:
          "Model calls one client address may cause per UTC day, whatever its sessions and conversations, counted in the database; then `daily_cap_reached` for that address while other shoppers are still answered",
      }),
      timeoutMs: doc(wholeNumber(1).default(10_000), {
        description: "How long to wait for the model before answering `classifier_error`",
      }),
    }).prefault({}),
    { group: "Auto-reply" }
  ),
}
