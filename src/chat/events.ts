/** Event names the plugin emits on Medusa's event bus. */
export const CHAT_EVENTS = {
  CONVERSATION_CREATED: "launchdesk.conversation.created",
  MESSAGE_CREATED: "launchdesk.message.created",
  CONVERSATION_CLOSED: "launchdesk.conversation.closed",
  CONVERSATION_ASSIGNED: "launchdesk.conversation.assigned",
  /** `{ conversation_id, customer_id }`, once per conversation. */
  CONVERSATION_CUSTOMER_LINKED: "launchdesk.conversation.customer_linked",
  /** `{ conversation_id, rating_id, score }`, once per close the shopper rates. */
  CONVERSATION_RATED: "launchdesk.conversation.rated",
  /** `{ conversation_id, note_id, author_id }`: staff wrote an internal note (the shopper never sees it). */
  CONVERSATION_NOTE_ADDED: "launchdesk.conversation.note_added",
  /** `{ conversation_id, labels, previous }`: staff replaced the labels. */
  CONVERSATION_LABELS_SET: "launchdesk.conversation.labels_set",
} as const
