import { serverMessage, SERVER_MESSAGES } from "../../shared/messages/server-messages"

/**
 * The `system` message a close leaves in the conversation, in the conversation's language. The
 * server writes `system` messages only on a close, so the widget reads the newest message being
 * one as "closed" (rating, transcript) on every lane and transport, with no status field in
 * polls or streams.
 */
export const closingNote = (locale: string | null) => serverMessage("conversation_closed", locale)

/** The note in English, the language of a conversation whose locale is unknown. */
export const CONVERSATION_CLOSED_NOTE = SERVER_MESSAGES.conversation_closed.en
