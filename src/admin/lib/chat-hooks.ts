import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { readEventStream, type EventSourceMessage } from "../../storefront/core/event-stream"
import { nextStreamDelay } from "../../storefront/core/poll-schedule"
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

/** How often an open conversation asks for new messages when its stream is down. */
export const CONVERSATION_POLL_MS = 3000
/** How often the conversation list and its counts refresh. */
export const INBOX_REFRESH_MS = 10000
/** While the stream brings the messages, the pane re-reads the rest (status, assignee, email) this often. */
export const CONVERSATION_REFRESH_WHILE_STREAMING_MS = INBOX_REFRESH_MS

// Three of the server's 15 s keep-alives missed: the stream is dead.
const STREAM_IDLE_TIMEOUT_MS = 45_000
// The server's `retry:` until it sends one.
const DEFAULT_STREAM_RETRY_MS = 3000
const MAX_STREAM_RETRY_MS = 60_000
// A stream that dropped sooner than this counts as a failed attempt.
const STABLE_STREAM_MS = 30_000
// Streams the host's API answers with "no": a 404 (unknown conversation, or a server without
// the route), a lost session (the dashboard itself sends the user to the login).
const FINAL_STREAM_REFUSALS = [401, 403, 404, 405, 501]
const BACKEND_URL = (import.meta.env.VITE_BACKEND_URL || "").replace(/\/+$/, "")

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

/**
 * Adds `incoming` to `known` in id order, skipping ids already held: the stream and a
 * refetch may both bring a message.
 */
export function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]) {
  const held = new Set(known.map((message) => message.message_id))
  const fresh = incoming.filter((message) => !held.has(message.message_id))
  return fresh.length ? [...known, ...fresh].sort((a, b) => a.message_id - b.message_id) : known
}

const lastMessageId = (conversation: ConversationDetail | undefined) =>
  conversation?.messages.length ? conversation.messages[conversation.messages.length - 1].message_id : 0

/** A stream event's message, checked: it comes over the network. */
function streamedMessage(event: EventSourceMessage): ChatMessage | null {
  try {
    const value: unknown = JSON.parse(event.data)
    if (!value || typeof value !== "object") return null
    const message = value as Partial<ChatMessage>
    const valid =
      typeof message.message_id === "number" && typeof message.sender === "string" && typeof message.message === "string"
    return valid ? (value as ChatMessage) : null
  } catch {
    return null
  }
}

/**
 * One conversation with its messages. The first fetch loads them all. New messages then come
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
      const fresh = await sdk.client.fetch<ConversationDetail>(`${API}/conversation/${id}`, {
        query: { since_id: lastMessageId(known) },
      })
      // Messages the stream added while this request was out are in the cache now: keep them.
      const current = queryClient.getQueryData<ConversationDetail>(key) ?? known
      return current ? { ...fresh, messages: mergeMessages(current.messages, fresh.messages) } : fresh
    },
    refetchInterval: streaming ? CONVERSATION_REFRESH_WHILE_STREAMING_MS : CONVERSATION_POLL_MS,
    refetchIntervalInBackground: true,
  })
  useConversationStream(id, conversation.data !== undefined, setStreaming)
  return { conversation, streaming }
}

/**
 * Keeps the conversation's stream open once its messages are loaded: each event is merged
 * into the React Query cache, and the conversation (status, assignee) and the list are
 * re-read. It resumes after the newest message held (`Last-Event-ID`) and reconnects with
 * backoff; a final refusal (404, lost session) leaves the pane to polling.
 */
function useConversationStream(id: number | undefined, loaded: boolean, setStreaming: (live: boolean) => void) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (id === undefined || !loaded) return
    const key = chatKeys.conversation(id)
    const stop = new AbortController()
    let failures = 0
    let retryMs = DEFAULT_STREAM_RETRY_MS
    let reconnect: ReturnType<typeof setTimeout> | undefined

    const connect = async () => {
      const sinceId = lastMessageId(queryClient.getQueryData<ConversationDetail>(key))
      let liveSince: number | null = null
      const end = await readEventStream({
        url: `${BACKEND_URL}${API}/conversation/${id}/stream?since_id=${sinceId}`,
        lastEventId: sinceId > 0 ? String(sinceId) : undefined,
        signal: stop.signal,
        idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
        onOpen: () => {
          liveSince = Date.now()
          setStreaming(true)
        },
        onRetry: (ms) => {
          retryMs = ms
        },
        onEvent: (event) => {
          const message = streamedMessage(event)
          if (!message) return
          queryClient.setQueryData<ConversationDetail>(key, (data) =>
            data ? { ...data, messages: mergeMessages(data.messages, [message]) } : data
          )
          // A message changes the status and the list's preview: re-read both (one request at a time).
          void queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false })
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }, { cancelRefetch: false })
        },
      })
      setStreaming(false)
      if (stop.signal.aborted) return
      if (end.reason === "unsupported" || (end.reason === "refused" && FINAL_STREAM_REFUSALS.includes(end.status))) return
      const stable = liveSince !== null && Date.now() - liveSince >= STABLE_STREAM_MS
      failures = stable ? 0 : failures + 1
      const wait = end.reason === "refused" && end.retryAfterSeconds !== null ? end.retryAfterSeconds * 1000 : undefined
      reconnect = setTimeout(
        () => void connect(),
        wait ?? nextStreamDelay({ retryMs, maxDelayMs: MAX_STREAM_RETRY_MS }, failures)
      )
    }

    void connect()
    return () => {
      stop.abort()
      clearTimeout(reconnect)
      setStreaming(false)
    }
  }, [id, loaded, queryClient, setStreaming])
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
