import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useInvalidateConversation } from "./chat-hooks"
import { CHAT_API, chatKeys } from "./chat-keys"
import { sdk } from "./sdk"
import type { ConversationContext } from "./types"
import type { AdminCreateDiscountResponseType, AdminOrderActionResponseType } from "../../types/http"

/** As the server accepts (`POST .../refund`): checked here so the field can say so at once. */
export const MAX_REFUND_NOTE_LENGTH = 500

type OrderAction = { conversationId: number; orderId: string }

/**
 * After an order action: the answered order replaces its row in the pane at once, then the pane
 * (its event line) and the context are read again.
 */
function useOrderActionDone() {
  const queryClient = useQueryClient()
  const refresh = useInvalidateConversation()
  return (order: AdminOrderActionResponseType, { conversationId }: OrderAction) => {
    queryClient.setQueryData<ConversationContext>(chatKeys.context(conversationId), (known) =>
      known ? { ...known, orders: known.orders.map((shown) => (shown.id === order.id ? order : shown)) } : known
    )
    void refresh(conversationId)
    void queryClient.invalidateQueries({ queryKey: chatKeys.context(conversationId) })
  }
}

/** Cancels an order of the conversation's context through Medusa's own workflow. */
export function useCancelOrder() {
  const done = useOrderActionDone()
  return useMutation({
    mutationFn: ({ conversationId, orderId }: OrderAction) =>
      sdk.client.fetch<AdminOrderActionResponseType>(`${CHAT_API}/conversation/${conversationId}/orders/${orderId}/cancel`, {
        method: "POST",
        body: {},
      }),
    onSuccess: done,
  })
}

/** Refunds part or all of an order of the conversation's context through Medusa's payment refund. */
export function useRefundOrder() {
  const done = useOrderActionDone()
  return useMutation({
    mutationFn: ({ conversationId, orderId, amount, note }: OrderAction & { amount: number; note?: string }) =>
      sdk.client.fetch<AdminOrderActionResponseType>(`${CHAT_API}/conversation/${conversationId}/orders/${orderId}/refund`, {
        method: "POST",
        body: { amount, ...(note ? { note } : {}) },
      }),
    onSuccess: done,
  })
}

export type DiscountInput = {
  type: "percentage" | "fixed"
  value: number
  currency_code?: string
  expires_in_days?: number
  product_ids?: string[]
}

/** A single-use discount code for the conversation's shopper, sent in the thread. */
export function useSendDiscount() {
  const queryClient = useQueryClient()
  const refresh = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ conversationId, discount }: { conversationId: number; discount: DiscountInput }) =>
      sdk.client.fetch<AdminCreateDiscountResponseType>(`${CHAT_API}/conversation/${conversationId}/discount`, {
        method: "POST",
        body: discount,
      }),
    onSuccess: (_, { conversationId }) => {
      void refresh(conversationId)
      void queryClient.invalidateQueries({ queryKey: chatKeys.context(conversationId) })
    },
  })
}
