import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../../modules/support-chat"
import { conversationOrder } from "../../../../medusa/customer-context"
import type { AdminOrderActionResponseType } from "../../../../types/http/admin-inbox"
import { integerIdParam, stringIdParam } from "../../../utils/validate-query"

// Route files import what they call from here, so their import paths stay short at any depth.
export { assignConversationWorkflow } from "../../../../workflows/chat/assign-conversation"
export { applyCannedActionsWorkflow } from "../../../../workflows/chat/apply-canned-actions"
export { addConversationNoteWorkflow } from "../../../../workflows/chat/add-conversation-note"
export { setConversationLabelsWorkflow } from "../../../../workflows/chat/set-conversation-labels"
export { createChatDiscountWorkflow } from "../../../../workflows/chat/create-chat-discount"
export { cancelConversationOrderWorkflow } from "../../../../workflows/chat/cancel-conversation-order"
export { refundConversationOrderWorkflow } from "../../../../workflows/chat/refund-conversation-order"
export { closeConversationWorkflow } from "../../../../workflows/chat/close-conversation"
export { deleteCannedResponseWorkflow } from "../../../../workflows/chat/delete-canned-response"
export { updateCannedResponseWorkflow } from "../../../../workflows/chat/update-canned-response"
export { conversationStreamRoute } from "../../../../medusa/chat-stream-routes"
export { bridgeSettings } from "../../../../medusa/chat"
export { testBridgeConnection } from "../../../../modules/support-chat/providers/providers"
export { integerIdParam, listPayload } from "../../../utils/validate-query"
export { encodeInboxCursor } from "../../../../modules/support-chat/sql/inbox-cursor"
export {
  conversationContext,
  conversationDiscounts,
  conversationOrder,
  customerIdsMatching,
  customerNames,
  orderForContext,
  variableValues,
  type ContextOrder,
} from "../../../../medusa/customer-context"
export { renderCannedText } from "../../../../shared/browser-safe/canned-variables"
export { streamCsv } from "../../../../shared/csv-export"
export { variantFor } from "../../../../shared/locale"
export type { CannedVariant } from "../../../../modules/support-chat/sql/conversation-repository"
export { staffDownloadRoute, staffUploadRoute } from "../../../../medusa/chat-attachments"

export const chatModule = (req: AuthenticatedMedusaRequest) =>
  req.scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

// Contract §5: a shopper sees a staff reply under this name when the user has no first name.
export const STAFF_FALLBACK_NAME = "Support"

/** The signed-in Medusa user's id, null for an API key. */
export const staffId = (req: AuthenticatedMedusaRequest): string | null =>
  req.auth_context?.actor_type === "user" ? req.auth_context.actor_id : null

/**
 * The name a shopper sees on a staff reply: the signed-in user's first name, else "Support"
 * (also for API keys). Never the email: a login address is no business of the shopper's.
 */
export async function staffName(req: AuthenticatedMedusaRequest): Promise<string> {
  if (req.auth_context?.actor_type !== "user") {
    return STAFF_FALLBACK_NAME
  }
  const [user] = await req.scope
    .resolve(Modules.USER)
    .listUsers({ id: req.auth_context.actor_id }, { select: ["first_name"] })
  const firstName = user?.first_name?.trim()
  // A first name typed as an address is still an address.
  return firstName && !firstName.includes("@") ? firstName : STAFF_FALLBACK_NAME
}

/** The conversation and order an order action names (`:id`, `:order_id`); ids that cannot exist are 404. */
export const conversationOrderParams = (req: AuthenticatedMedusaRequest) => ({
  conversation_id: integerIdParam(req, "Conversation"),
  order_id: stringIdParam(req, "order_id", "Order"),
})

/**
 * An order action's answer (CONTRACT §11): the order's summary read again after the action, as
 * the context shows it. The event line the action left is in the conversation's thread.
 */
export async function orderActionAnswer(
  req: AuthenticatedMedusaRequest,
  params: { conversation_id: number; order_id: string }
): Promise<AdminOrderActionResponseType> {
  const conversation = await (await chatModule(req).inbox()).findConversation(params.conversation_id)
  const order = conversation ? await conversationOrder(req.scope, conversation, params.order_id) : null
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${params.order_id} is not an order of this conversation`)
  return order
}

/** The display names (first and last name, else the email) of the given users that still exist. */
export async function userNames(req: AuthenticatedMedusaRequest, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const users = await req.scope.resolve(Modules.USER).listUsers({ id: ids }, { select: ["id", "first_name", "last_name", "email"] })
  return new Map(users.map((user) => [user.id, [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email]))
}
