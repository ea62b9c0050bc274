#!/usr/bin/env node
/**
 * launchdesk-bridge-bot: runs next to Slack or Discord and relays replies written in
 * LaunchDesk's conversation threads to the store (`POST /hooks/app/v1/bridge/incoming`).
 */
import { BotConfigError, readBotConfig } from "./config"
import { startDiscordRelay } from "./discord-gateway"
import { LaunchDeskHook } from "./hook-client"
import { SLACK_EVENTS_PATH, slackUserNames, startSlackEventsServer } from "./slack-events"

const log = (line: string) => console.log(line)

async function main() {
  const config = readBotConfig(process.argv.slice(2), process.env)
  const hook = new LaunchDeskHook({ backendUrl: config.backendUrl, sharedSecret: config.sharedSecret, log })

  if (config.slack) {
    const slack = config.slack
    const server = await startSlackEventsServer({
      signingSecret: slack.signingSecret,
      hook,
      userName: slackUserNames({ botToken: slack.botToken, apiBaseUrl: slack.apiBaseUrl }),
      channelId: slack.channelId,
      port: slack.port,
      host: slack.host,
      log,
    })
    log(`launchdesk-bridge-bot: Slack events on http://${slack.host}:${slack.port}${SLACK_EVENTS_PATH}`)
    const stop = () => server.close(() => process.exit(0))
    process.once("SIGTERM", stop)
    process.once("SIGINT", stop)
    return
  }
  if (config.discord) {
    const client = await startDiscordRelay({ ...config.discord, hook, log })
    const stop = () => void client.destroy().finally(() => process.exit(0))
    process.once("SIGTERM", stop)
    process.once("SIGINT", stop)
  }
}

const SECRET_VARIABLES = ["LAUNCHDESK_SHARED_SECRET", "SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "DISCORD_BOT_TOKEN"]

/** An error's message with every configured secret taken out. */
function redacted(error: unknown): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error"
  for (const name of SECRET_VARIABLES) {
    const secret = process.env[name]
    // Real secrets are long; a short test value would mangle ordinary words.
    if (secret && secret.length >= 8) text = text.split(secret).join("[redacted]")
  }
  return text
}

main().catch((error) => {
  console.error(error instanceof BotConfigError ? error.message : `launchdesk-bridge-bot: ${redacted(error)}`)
  process.exit(1)
})
