import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type {
  BridgeTestResult,
  CannedFilters,
  CannedResponse,
  CannedResponseInput,
  ChatMessage,
  ChatSettings,
  ChatSettingsInput,
  ConversationDetail,
  ConversationFilters,
  ConversationListItem,
  ListPayload,
} from "./types"

const API = "/admin/app/v1"

/** How often an open conversation asks for new messages. */
export const CONVERSATION_POLL_MS = 3000
/** How often the conversation list and its counts refresh. */
export const INBOX_REFRESH_MS = 10000

export const chatKeys = {
  all: ["launchdesk-chat"] as const,
  conversations: (filters?: Partial<ConversationFilters>) =>
    filters ? ([...chatKeys.all, "conversations", filters] as const) : ([...chatKeys.all, "conversations"] as const),
  conversation: (id: number) => [...chatKeys.all, "conversation", id] as const,
  canned: (filters?: Partial<CannedFilters>) =>
    filters ? ([...chatKeys.all, "canned", filters] as const) : ([...chatKeys.all, "canned"] as const),
  settings: () => [...chatKeys.all, "settings"] as const,
  users: () => ["launchdesk-users"] as const,
  me: () => ["launchdesk-users", "me"] as const,
}

/** Drops empty filters so they are left out of the query string. */
const queryOf = (filters: object) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""))

export function useConversations(filters: ConversationFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.conversations(filters),
    enabled: options.enabled ?? true,
    queryFn: () =>
      sdk.client.fetch<ListPayload<ConversationListItem>>(`${API}/conversations`, { query: queryOf(filters) }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFRESH_MS,
  })
}

/** The number of conversations matching `filters`, one page of one item fetched. */
export function useConversationCount(filters: Omit<ConversationFilters, "page" | "per_page">) {
  return useQuery({
    queryKey: chatKeys.conversations({ ...filters, page: 1, per_page: 1 }),
    queryFn: () =>
      sdk.client.fetch<ListPayload<ConversationListItem>>(`${API}/conversations`, {
        query: queryOf({ ...filters, page: 1, per_page: 1 }),
      }),
    select: (data) => data.total,
    refetchInterval: INBOX_REFRESH_MS,
  })
}

/** Appends `incoming` to `known`, skipping ids already held (a refetch may overlap). */
export function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]) {
  const lastId = known.length ? known[known.length - 1].message_id : 0
  const fresh = incoming.filter((message) => message.message_id > lastId)
  return fresh.length ? [...known, ...fresh] : known
}

/**
 * One conversation with its messages. The first fetch loads them all; every later poll asks
 * only for messages after the newest one held (`since_id`) and appends them.
 */
export function useConversation(id: number | undefined) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: chatKeys.conversation(id ?? 0),
    enabled: id !== undefined,
    queryFn: async () => {
      const known = queryClient.getQueryData<ConversationDetail>(chatKeys.conversation(id ?? 0))
      const sinceId = known?.messages.length ? known.messages[known.messages.length - 1].message_id : 0
      const fresh = await sdk.client.fetch<ConversationDetail>(`${API}/conversation/${id}`, {
        query: { since_id: sinceId },
      })
      return known ? { ...fresh, messages: mergeMessages(known.messages, fresh.messages) } : fresh
    },
    refetchInterval: CONVERSATION_POLL_MS,
    refetchIntervalInBackground: true,
  })
}

function useInvalidateConversation() {
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
    mutationFn: (body: { conversation_id: number; message: string }) =>
      sdk.client.fetch<{ message_id: number; conversation_id: number }>(`${API}/reply`, { method: "POST", body }),
    onSuccess: (_, { conversation_id }) => invalidate(conversation_id),
  })
}

export function useCloseConversation() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: (conversationId: number) =>
      sdk.client.fetch<{ success: boolean }>(`${API}/close/${conversationId}`, { method: "POST" }),
    onSuccess: (_, conversationId) => invalidate(conversationId),
  })
}

export function useAssignConversation() {
  const invalidate = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ conversationId, assignedTo }: { conversationId: number; assignedTo: string | null }) =>
      sdk.client.fetch<{ success: boolean; assigned_to: string | null }>(`${API}/assign/${conversationId}`, {
        method: "POST",
        body: { assigned_to: assignedTo },
      }),
    onSuccess: (_, { conversationId }) => invalidate(conversationId),
  })
}

export function useCannedResponses(filters: CannedFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.canned(filters),
    queryFn: () => sdk.client.fetch<ListPayload<CannedResponse>>(`${API}/canned`, { query: queryOf(filters) }),
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
      sdk.client.fetch<ListPayload<CannedResponse>>(`${API}/canned`, { query: { page: 1, per_page: 100 } }),
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
      sdk.client.fetch<CannedResponse>(`${API}/canned`, { method: "POST", body }),
    onSuccess: invalidate,
  })
}

export function useUpdateCanned() {
  const invalidate = useInvalidateCanned()
  return useMutation({
    mutationFn: ({ id, ...body }: Omit<CannedResponseInput, "source_message_id"> & { id: number }) =>
      sdk.client.fetch<CannedResponse>(`${API}/canned/${id}`, { method: "PATCH", body }),
    onSuccess: invalidate,
  })
}

export function useDeleteCanned() {
  const invalidate = useInvalidateCanned()
  return useMutation({
    mutationFn: (id: number) => sdk.client.fetch<{ success: boolean }>(`${API}/canned/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  })
}

export function useChatSettings() {
  return useQuery({
    queryKey: chatKeys.settings(),
    queryFn: () => sdk.client.fetch<ChatSettings>(`${API}/settings`),
  })
}

export function useSaveChatSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChatSettingsInput) =>
      sdk.client.fetch<ChatSettings>(`${API}/settings`, { method: "POST", body }),
    onSuccess: (saved) => queryClient.setQueryData(chatKeys.settings(), saved),
  })
}

/** Calls the configured team-chat platform for real; the answer says whether it worked. */
export function useTestBridge() {
  return useMutation({
    mutationFn: () => sdk.client.fetch<BridgeTestResult>(`${API}/bridge/test`, { method: "POST" }),
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
