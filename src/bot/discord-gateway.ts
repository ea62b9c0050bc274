import { BotConfigError } from "./config"
import type { LaunchDeskHook } from "./hook-client"
import { relayFromDiscordMessage, type DiscordMessageFacts } from "./discord-relay"

export type DiscordRelayOptions = {
  botToken: string
  /** The channel LaunchDesk opens its threads in. */
  channelId: string
  hook: Pick<LaunchDeskHook, "relay">
  log?: (line: string) => void
}

const importDiscordJs = () => import("discord.js")
// Types taken from the dynamic import, so they are the ones it really loads (ESM typings).
type DiscordJs = Awaited<ReturnType<typeof importDiscordJs>>
type Client = InstanceType<DiscordJs["Client"]>
type Message = DiscordJs["Message"]["prototype"]

export const DISCORD_JS_MISSING =
  "launchdesk-bridge-bot: the Discord bot needs discord.js, an optional peer of medusa-plugin-launchdesk " +
  "that a store does not install. Run `npm install discord.js@^14` where the bot runs, then start it again."

const isModuleNotFound = (error: unknown) =>
  error instanceof Error && "code" in error && (error.code === "MODULE_NOT_FOUND" || error.code === "ERR_MODULE_NOT_FOUND")

/**
 * discord.js, loaded only when the Discord bot starts: it is an optional peer (about 10 MB
 * with its helpers), so only the machine that runs the bot installs it.
 */
export async function loadDiscordJs(load: () => Promise<DiscordJs> = importDiscordJs): Promise<DiscordJs> {
  try {
    return await load()
  } catch (error) {
    if (isModuleNotFound(error)) throw new BotConfigError(DISCORD_JS_MISSING)
    throw error
  }
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
  const { Client, Events, GatewayIntentBits } = await loadDiscordJs()
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
