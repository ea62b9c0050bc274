import { defineLink } from "@medusajs/framework/utils"
import CustomerModule from "@medusajs/medusa/customer"
import SupportChatModule from "../modules/support-chat"

/**
 * A conversation's customer: `query.graph` reads it as `chat_conversation.customer`. Read-only
 * over `customer_id`, which the visitor routes set once from the customer's authentication.
 */
export default defineLink(
  { linkable: SupportChatModule.linkable.chatConversation, field: "customer_id" },
  CustomerModule.linkable.customer,
  { readOnly: true }
)
