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
  /** `{ conversation_id, order_id, note_id, author_id }`: staff canceled one of the context's orders from the pane. */
  CONVERSATION_ORDER_CANCELED: "launchdesk.conversation.order_canceled",
  /** `{ conversation_id, order_id, payment_id, amount, currency_code, note_id, author_id }`: staff refunded one of the context's orders. */
  CONVERSATION_ORDER_REFUNDED: "launchdesk.conversation.order_refunded",
} as const
