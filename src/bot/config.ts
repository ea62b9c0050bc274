/** The bot's settings, all from environment variables (see docs/bridge-bot.md). */
export type BotConfig = {
  platform: "slack" | "discord"
  backendUrl: string
  sharedSecret: string
  slack?: { signingSecret: string; botToken: string; apiBaseUrl?: string; channelId?: string; port: number; host: string }
  discord?: { botToken: string; channelId: string }
}

export class BotConfigError extends Error {}

/** Reads and checks the configuration; the platform comes from the first argument or LAUNCHDESK_BRIDGE_PROVIDER. */
export function readBotConfig(argv: string[], env: NodeJS.ProcessEnv): BotConfig {
  const platform = (argv[0] ?? env.LAUNCHDESK_BRIDGE_PROVIDER ?? "").trim().toLowerCase()
  const missing: string[] = []
  const required = (name: string) => {
    const value = env[name]?.trim()
    if (!value) missing.push(name)
    return value ?? ""
  }
  if (platform !== "slack" && platform !== "discord") {
    throw new BotConfigError('Name the platform: "launchdesk-bridge-bot slack" or "launchdesk-bridge-bot discord".')
  }
  const config: BotConfig = {
    platform,
    backendUrl: required("LAUNCHDESK_BACKEND_URL"),
    sharedSecret: required("LAUNCHDESK_SHARED_SECRET"),
  }
  if (platform === "slack") {
    const port = Number(env.PORT ?? 3000)
    config.slack = {
      signingSecret: required("SLACK_SIGNING_SECRET"),
      botToken: required("SLACK_BOT_TOKEN"),
      apiBaseUrl: env.SLACK_API_BASE_URL?.trim() || undefined,
      channelId: env.SLACK_CHANNEL_ID?.trim() || undefined,
      port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 3000,
      host: env.HOST?.trim() || "0.0.0.0",
    }
  } else {
    config.discord = { botToken: required("DISCORD_BOT_TOKEN"), channelId: required("DISCORD_CHANNEL_ID") }
  }
  if (missing.length) {
    throw new BotConfigError(`Missing environment variable(s): ${missing.join(", ")}`)
  }
  return config
}
