import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { CHAT_API, chatKeys } from "./chat-keys"
import { fetchConversationSince, lastMessageId, mergeMessages } from "./conversation-pages"
import { formatTotal } from "./format"
import { useConversationStream } from "./conversation-stream"
import { sdk } from "./sdk"
import { useVisitorTyping } from "./typing-and-read"
import type {
  AppliedCannedActions,
  BridgeTestResult,
  CannedFilters,
  ChatDelivery,
  CannedResponse,
  CannedResponseInput,
  ChatSettings,
  ChatSettingsInput,
  ConversationContext,
  ConversationDetail,
  ConversationFilters,
  ConversationListPayload,
  ListPayload,
  RatingsSummary,
  RenderedCanned,
  ReportRange,
  SupportReport,
  SupportReportBreakdown,
  UploadedAttachment,
} from "./types"

export { chatKeys, mergeMessages }

/** How often an open conversation asks for new messages when its stream is down. */
export const CONVERSATION_POLL_MS = 3000
/** How often the conversation list and its counts refresh. */
export const INBOX_REFRESH_MS = 10000
/** While the stream brings the messages, the pane re-reads the rest (status, assignee, email) this often. */
export const CONVERSATION_REFRESH_WHILE_STREAMING_MS = INBOX_REFRESH_MS

/** Drops empty filters so they are left out of the query string. */
const queryOf = (filters: object) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""))

/** The inbox list's page size; the alerts watch the Waiting tab's first page. */
export const INBOX_PAGE_SIZE = 20

/** `inBackground`: refreshed while the browser tab is in the background too. */
export function useConversations(filters: ConversationFilters, options: { enabled?: boolean; inBackground?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.conversations(filters),
    enabled: options.enabled ?? true,
    queryFn: () =>
      sdk.client.fetch<ConversationListPayload>(`${CHAT_API}/conversations`, { query: queryOf(filters) }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFRESH_MS,
    refetchIntervalInBackground: options.inBackground ?? false,
  })
}

/**
 * The first page of waiting conversations, newest activity first: what the inbox's alerts and
 * the tab title watch. The Waiting tab's first page (one cache entry), but refreshed while the
 * tab is in the background too, when an alert matters most.
 */
export const useWaitingConversations = () =>
  useConversations({ status: "waiting", page: 1, per_page: INBOX_PAGE_SIZE }, { inBackground: true })

/** The number of conversations matching `filters` as shown ("1,000+" past the cap), one page of one item fetched. */
export function useConversationCount(filters: Omit<ConversationFilters, "page" | "per_page">) {
  return useQuery({
    queryKey: chatKeys.conversations({ ...filters, page: 1, per_page: 1 }),
    queryFn: () =>
      sdk.client.fetch<ConversationListPayload>(`${CHAT_API}/conversations`, {
        query: queryOf({ ...filters, page: 1, per_page: 1 }),
      }),
    select: formatTotal,
    refetchInterval: INBOX_REFRESH_MS,
  })
}

/**
 * One conversation with its messages. The first fetch loads them all, page by page. New messages then come
 * over the conversation's stream (`GET …/conversation/:id/stream`) as they are committed; while
 * it is down (connecting, dropped, refused) the pane polls every 3 s with `since_id` instead.
 * `streaming` says which.
 */
export function useConversation(id: number | undefined) {
  const queryClient = useQueryClient()
  const [streaming, setStreaming] = useState(false)
  const conversation = useQuery({
    queryKey: chatKeys.conversation(id ?? 0),
    enabled: id !== undefined,
    queryFn: async () => {
      const key = chatKeys.conversation(id ?? 0)
      const known = queryClient.getQueryData<ConversationDetail>(key)
      const fresh = await fetchConversationSince(
        (sinceId) => sdk.client.fetch<ConversationDetail>(`${CHAT_API}/conversation/${id}`, { query: { since_id: sinceId } }),
        lastMessageId(known)
      )
      // Messages the stream added while this request was out are in the cache now: keep them.
      const current = queryClient.getQueryData<ConversationDetail>(key) ?? known
      if (!current) return fresh
      // A read event the stream brought while this request was out is newer than its answer.
      const readUpTo = Math.max(current.visitor_read_up_to ?? 0, fresh.visitor_read_up_to ?? 0) || null
      return { ...fresh, messages: mergeMessages(current.messages, fresh.messages), visitor_read_up_to: readUpTo }
    },
    refetchInterval: streaming ? CONVERSATION_REFRESH_WHILE_STREAMING_MS : CONVERSATION_POLL_MS,
    refetchIntervalInBackground: true,
  })
  const [visitorTyping, setVisitorTyping] = useVisitorTyping()
  useConversationStream(id, conversation.data !== undefined, setStreaming, setVisitorTyping)
  return { conversation, streaming, visitorTyping }
}

/** The customer, orders and cart beside a conversation; refreshed with the list, as a link can appear any time. */
export function useConversationContext(id: number) {
  return useQuery({
    queryKey: chatKeys.context(id),
    queryFn: () => sdk.client.fetch<ConversationContext>(`${CHAT_API}/conversation/${id}/context`),
    refetchInterval: INBOX_REFRESH_MS,
  })
}

/** A canned response filled in for one conversation (its latest order, or `order_id`). */
export function useRenderCanned() {
  return useMutation({
    mutationFn: ({ cannedId, conversationId, orderId }: { cannedId: number; conversationId: number; orderId?: string }) =>
      sdk.client.fetch<RenderedCanned>(`${CHAT_API}/canned/${cannedId}/render`, {
        method: "POST",
        body: { conversation_id: conversationId, ...(orderId && { order_id: orderId }) },
      }),
  })
}

/** Runs a canned response's actions (labels, take it, close it) in the conversation it was sent in. */
export function useApplyCanned() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ cannedId, conversationId }: { cannedId: number; conversationId: number }) =>
      sdk.client.fetch<AppliedCannedActions>(`${CHAT_API}/canned/${cannedId}/apply`, {
        method: "POST",
        body: { conversation_id: conversationId },
      }),
    onSuccess: (_, { conversationId }) => invalidate(conversationId),
  })
}

/** Refreshes one conversation's pane and the list after a change to it. */
export function useInvalidateConversation() {
  const queryClient = useQueryClient()
  return (conversationId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) }),
      queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
    ])
}

export function useReply() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: (body: {
      conversation_id: number
      message: string
      attachment_ids?: number[]
      cards?: { product_id: string; variant_id?: string }[]
    }) =>
      sdk.client.fetch<{ message_id: number; conversation_id: number }>(`${CHAT_API}/reply`, { method: "POST", body }),
    onSuccess: (_, { conversation_id }) => invalidate(conversation_id),
  })
}

/** A product a reply may show as a card, as the picker lists it. */
export type PickedProduct = { id: string; title: string; thumbnail: string | null }

/** The store's products matching `q`, through Medusa's own admin product list (the first 20). */
export function useProductSearch(q: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.products(q),
    queryFn: async (): Promise<PickedProduct[]> => {
      // Published only: a card links to the product's page, which a draft does not have.
      const { products } = await sdk.admin.product.list({ ...(q ? { q } : {}), status: ["published"], limit: 20, fields: "id,title,thumbnail" })
      return products.map((product) => ({ id: product.id, title: product.title, thumbnail: product.thumbnail ?? null }))
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}

/** One file for a reply in that conversation: multipart, so the browser sets the content type. */
export function useUploadAttachment() {
  return useMutation({
    mutationFn: ({ conversationId, file }: { conversationId: number; file: File }) => {
      const form = new FormData()
      form.append("file", file)
      return sdk.client.fetch<UploadedAttachment>(`${CHAT_API}/attachments`, {
        method: "POST",
        headers: { "content-type": null },
        body: form,
        query: { conversation_id: conversationId },
      })
    },
  })
}

export function useCloseConversation() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: (conversationId: number) =>
      sdk.client.fetch<{ success: boolean }>(`${CHAT_API}/close/${conversationId}`, { method: "POST" }),
    onSuccess: (_, conversationId) => invalidate(conversationId),
  })
}

export function useAssignConversation() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ conversationId, assignedTo }: { conversationId: number; assignedTo: string | null }) =>
      sdk.client.fetch<{ success: boolean; assigned_to: string | null }>(`${CHAT_API}/assign/${conversationId}`, {
        method: "POST",
        body: { assigned_to: assignedTo },
      }),
    onSuccess: (_, { conversationId }) => invalidate(conversationId),
  })
}

export function useCannedResponses(filters: CannedFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.canned(filters),
    queryFn: () => sdk.client.fetch<ListPayload<CannedResponse>>(`${CHAT_API}/canned`, { query: queryOf(filters) }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}

/**
 * The categories in use, for the filter. The list route has no facet, so this reads up to
 * the first 100 canned responses; a store with more simply sees those categories.
 */
export function useCannedCategories() {
  return useQuery({
    queryKey: chatKeys.canned({ page: 1, per_page: 100 }),
    queryFn: () =>
      sdk.client.fetch<ListPayload<CannedResponse>>(`${CHAT_API}/canned`, { query: { page: 1, per_page: 100 } }),
    select: (data) =>
      [...new Set(data.items.map((item) => item.category).filter((category): category is string => !!category))].sort(),
  })
}

function useInvalidateCanned() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.canned() })
}

export function useCreateCanned() {
  const invalidate = useInvalidateCanned()
  return useMutation({
    mutationFn: (body: CannedResponseInput) =>
      sdk.client.fetch<CannedResponse>(`${CHAT_API}/canned`, { method: "POST", body }),
    onSuccess: invalidate,
  })
}

export function useUpdateCanned() {
  const invalidate = useInvalidateCanned()
  return useMutation({
    mutationFn: ({ id, ...body }: Omit<CannedResponseInput, "source_message_id"> & { id: number }) =>
      sdk.client.fetch<CannedResponse>(`${CHAT_API}/canned/${id}`, { method: "PATCH", body }),
    onSuccess: invalidate,
  })
}

export function useDeleteCanned() {
  const invalidate = useInvalidateCanned()
  return useMutation({
    mutationFn: (id: number) => sdk.client.fetch<{ success: boolean }>(`${CHAT_API}/canned/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  })
}

export function useChatSettings() {
  return useQuery({
    queryKey: chatKeys.settings(),
    queryFn: () => sdk.client.fetch<ChatSettings>(`${CHAT_API}/settings`),
  })
}

export function useSaveChatSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChatSettingsInput) =>
      sdk.client.fetch<ChatSettings>(`${CHAT_API}/settings`, { method: "POST", body }),
    onSuccess: (saved) => queryClient.setQueryData(chatKeys.settings(), saved),
  })
}

/** Shoppers' ratings per week for the settings page's chart. */
export function useRatingsSummary(weeks: number) {
  return useQuery({
    queryKey: chatKeys.ratings(weeks),
    queryFn: () => sdk.client.fetch<RatingsSummary>(`${CHAT_API}/ratings/summary`, { query: { weeks } }),
  })
}

/** The reports screen's totals for a range (CONTRACT §11). */
export function useSupportReport(range: ReportRange) {
  return useQuery({
    queryKey: chatKeys.report(range),
    queryFn: () => sdk.client.fetch<SupportReport>(`${CHAT_API}/reports`, { query: range }),
    placeholderData: keepPreviousData,
  })
}

/** The same range per day, per agent and per label. */
export function useSupportReportBreakdown(range: ReportRange) {
  return useQuery({
    queryKey: chatKeys.reportBreakdown(range),
    queryFn: () => sdk.client.fetch<SupportReportBreakdown>(`${CHAT_API}/reports/breakdown`, { query: range }),
    placeholderData: keepPreviousData,
  })
}

/** Calls the configured team-chat platform for real; the answer says whether it worked. */
export function useTestBridge() {
  return useMutation({
    mutationFn: () => sdk.client.fetch<BridgeTestResult>(`${CHAT_API}/bridge/test`, { method: "POST" }),
  })
}

/** Team-chat posts and relayed effects that kept failing and were set aside (`dead`). */
export function useDeadDeliveries(page: number, perPage: number) {
  return useQuery({
    queryKey: chatKeys.deliveries(page),
    queryFn: () =>
      sdk.client.fetch<ListPayload<ChatDelivery>>(`${CHAT_API}/deliveries`, {
        query: { status: "dead", page, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  })
}

/** Gives a dead delivery a fresh set of attempts; the server's job sends it within a minute. */
export function useRetryDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      sdk.client.fetch<{ success: boolean }>(`${CHAT_API}/deliveries/${id}/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.deliveries() }),
  })
}

/** Medusa's own users, for the assignee picker and names. */
export function useUsers() {
  return useQuery({
    queryKey: chatKeys.users(),
    queryFn: () => sdk.admin.user.list({ limit: 100, fields: "id,email,first_name,last_name" }),
    select: (data) => data.users,
    staleTime: 60_000,
  })
}

export function useCurrentUser() {
  return useQuery({
    queryKey: chatKeys.me(),
    queryFn: () => sdk.admin.user.me({ fields: "id,email,first_name,last_name" }),
    select: (data) => data.user,
    staleTime: Infinity,
  })
}
