import { DiscordProvider } from "./discord"
import type { BridgeProviderName, BridgeTestResult, ChatBridgeProvider } from "./provider"
import { SlackProvider } from "./slack"

/** Each platform call gives up after this long; a failed post is retried later. */
export const BRIDGE_CALL_TIMEOUT_MS = 10_000

/** Where and as whom the bridge posts: the chat settings' `bridge` part, plugin options over saved values. */
export type BridgeSettings = {
  provider: BridgeProviderName | null
  channel_id: string | null
  bot_token: string | null
  /** Option only: a proxy or test double in front of the platform's API. */
  base_url: string | null
}

/** Why the bridge cannot post, or null when it is fully configured. */
export function bridgeConfigurationProblem(bridge: BridgeSettings): string | null {
  if (!bridge.provider) return "No team-chat platform is chosen (bridge provider)."
  if (!bridge.bot_token) return "The bot token is not set."
  if (!bridge.channel_id) return "The channel id is not set."
  return null
}

/** The configured platform's client, or null while the bridge is not configured. */
export function createBridgeProvider(
  bridge: BridgeSettings,
  timeoutMs: number = BRIDGE_CALL_TIMEOUT_MS
): ChatBridgeProvider | null {
  if (bridgeConfigurationProblem(bridge) || !bridge.bot_token || !bridge.channel_id) {
    return null
  }
  const options = { botToken: bridge.bot_token, channelId: bridge.channel_id, baseUrl: bridge.base_url, timeoutMs }
  return bridge.provider === "slack" ? new SlackProvider(options) : new DiscordProvider(options)
}

/** `POST /admin/app/v1/bridge/test`: one authenticated round trip to the configured platform. */
export async function testBridgeConnection(bridge: BridgeSettings): Promise<BridgeTestResult> {
  const provider = createBridgeProvider(bridge)
  if (!provider) {
    return { success: false, message: `The bridge is not configured: ${bridgeConfigurationProblem(bridge)}` }
  }
  return await provider.testConnection()
}
