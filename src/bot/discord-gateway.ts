import { Client, Events, GatewayIntentBits, type Message } from "discord.js"
import type { LaunchDeskHook } from "./hook-client"
import { relayFromDiscordMessage, type DiscordMessageFacts } from "./discord-relay"

export type DiscordRelayOptions = {
  botToken: string
  /** The channel LaunchDesk opens its threads in. */
  channelId: string
  hook: Pick<LaunchDeskHook, "relay">
  log?: (line: string) => void
}

const factsOf = (message: Message): DiscordMessageFacts => ({
  id: message.id,
  type: message.type,
  content: message.cleanContent,
  authorIsBot: message.author.bot,
  webhookId: message.webhookId,
  authorName: message.member?.displayName ?? message.author.globalName ?? message.author.username,
  threadId: message.channel.isThread() ? message.channel.id : null,
  threadParentId: message.channel.isThread() ? message.channel.parentId : null,
})

/**
 * Connects to Discord's Gateway and relays replies written in the channel's threads. Needs
 * the privileged Message Content intent (enable it in the Developer Portal). Returns the
 * client so the caller can `destroy()` it.
 */
export async function startDiscordRelay(options: DiscordRelayOptions): Promise<Client> {
  const log = options.log ?? (() => undefined)
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
  })
  client.once(Events.ClientReady, (ready) => log(`launchdesk-bridge-bot: connected to Discord as ${ready.user.tag}`))
  client.on(Events.MessageCreate, (message) => {
    const relay = relayFromDiscordMessage(factsOf(message), options.channelId)
    if (!relay) return
    options.hook
      .relay(relay)
      .then((outcome) => outcome === "stored" && log(`launchdesk-bridge-bot: relayed Discord reply ${relay.platform_message_id}`))
      .catch(() => log(`launchdesk-bridge-bot: relaying Discord reply ${relay.platform_message_id} failed`))
  })
  await client.login(options.botToken)
  return client
}
