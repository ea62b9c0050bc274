/**
 * The `system` message a close leaves in the conversation. The server writes `system` messages
 * only on a close, so the widget reads the newest message being one as "closed" (rating,
 * transcript) on every lane and transport, with no status field in polls or streams.
 */
export const CONVERSATION_CLOSED_NOTE = "Conversation closed"
