import type { RelayMessage } from "./hook-client"

/** The facts about a Discord message the relay decides on (from discord.js's `Message`). */
export type DiscordMessageFacts = {
  id: string
  /** Message type: 0 default, 19 reply; others are system messages. */
  type: number
  /** Content with mentions rendered as names (discord.js `cleanContent`). */
  content: string
  authorIsBot: boolean
  /** Posted through a webhook rather than by a member. */
  webhookId: string | null
  authorName: string
  /** The thread it was posted in, or null outside threads. */
  threadId: string | null
  /** The channel the thread hangs off. */
  threadParentId: string | null
}

const PERSON_MESSAGE_TYPES = new Set([0, 19])

/**
 * A reply a person wrote in a thread of the bridge's channel, as the hook wants it; null for
 * anything else (bots including this one and LaunchDesk's own posts, webhooks, system
 * messages, other channels, empty messages).
 */
export function relayFromDiscordMessage(message: DiscordMessageFacts, channelId: string): RelayMessage | null {
  if (message.authorIsBot || message.webhookId || !PERSON_MESSAGE_TYPES.has(message.type)) return null
  if (!message.threadId || message.threadParentId !== channelId) return null
  const text = message.content.trim()
  if (!text) return null
  return {
    thread_id: message.threadId,
    author_name: message.authorName,
    message: text,
    platform_message_id: message.id,
  }
}
