import type { CannedFilters, ConversationFilters, ReportRange } from "./types"

/** The plugin's staff routes. */
export const CHAT_API = "/admin/app/v1"

/** React Query keys of the chat screens: one per resource, invalidated after each mutation. */
export const chatKeys = {
  all: ["launchdesk-chat"] as const,
  conversations: (filters?: Partial<ConversationFilters>) =>
    filters ? ([...chatKeys.all, "conversations", filters] as const) : ([...chatKeys.all, "conversations"] as const),
  conversation: (id: number) => [...chatKeys.all, "conversation", id] as const,
  context: (id: number) => [...chatKeys.all, "context", id] as const,
  canned: (filters?: Partial<CannedFilters>) =>
    filters ? ([...chatKeys.all, "canned", filters] as const) : ([...chatKeys.all, "canned"] as const),
  settings: () => [...chatKeys.all, "settings"] as const,
  ratings: (weeks: number) => [...chatKeys.all, "ratings", weeks] as const,
  report: (range: ReportRange) => [...chatKeys.all, "report", range] as const,
  reportBreakdown: (range: ReportRange) => [...chatKeys.all, "report-breakdown", range] as const,
  deliveries: (page?: number) =>
    page === undefined ? ([...chatKeys.all, "deliveries"] as const) : ([...chatKeys.all, "deliveries", page] as const),
  /** Medusa's own products, searched for product cards (never changed here). */
  products: (q: string) => ["launchdesk-products", q] as const,
  users: () => ["launchdesk-users"] as const,
  me: () => ["launchdesk-users", "me"] as const,
}

