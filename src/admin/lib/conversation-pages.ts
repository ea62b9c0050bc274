import type { ChatMessage, ConversationDetail } from "./types"

/**
 * Adds `incoming` to `known` in id order, skipping ids already held: the stream and a
 * refetch may both bring a message.
 */
export function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]) {
  const held = new Set(known.map((message) => message.message_id))
  const fresh = incoming.filter((message) => !held.has(message.message_id))
  return fresh.length ? [...known, ...fresh].sort((a, b) => a.message_id - b.message_id) : known
}

export const lastMessageId = (conversation: { messages: ChatMessage[] } | undefined) =>
  conversation?.messages.length ? conversation.messages[conversation.messages.length - 1].message_id : 0

// Pages (of at most 200 messages) one refresh follows; a longer backlog continues on the next one.
const MAX_CONVERSATION_PAGES = 25

/**
 * The conversation and every message after `sinceId`: the route answers a page at a time,
 * so this follows `since_id` while `has_more` says more wait.
 */
export async function fetchConversationSince(
  fetchPage: (sinceId: number) => Promise<ConversationDetail>,
  sinceId: number
): Promise<ConversationDetail> {
  let detail = await fetchPage(sinceId)
  let messages = detail.messages
  for (let page = 1; page < MAX_CONVERSATION_PAGES && detail.has_more && detail.messages.length; page++) {
    detail = await fetchPage(lastMessageId(detail))
    messages = mergeMessages(messages, detail.messages)
  }
  return { ...detail, messages }
}
