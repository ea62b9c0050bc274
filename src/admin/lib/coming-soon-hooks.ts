import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type {
  BackInStockDemand,
  ComingSoonSettings,
  ComingSoonSettingsInput,
  LaunchInput,
  LaunchStats,
  LaunchView,
  ListPayload,
  ProductComingSoon,
  ProductComingSoonInput,
  Signup,
  SignupFilters,
} from "./types"

const API = "/admin/coming-soon"

export const comingSoonKeys = {
  all: ["launchdesk-coming-soon"] as const,
  product: (productId: string) => [...comingSoonKeys.all, "product", productId] as const,
  productSaved: (productId: string) => [...comingSoonKeys.all, "product-saved", productId] as const,
  launch: (productId: string) => [...comingSoonKeys.all, "launch", productId] as const,
  stats: (productId: string) => [...comingSoonKeys.all, "stats", productId] as const,
  settings: () => [...comingSoonKeys.all, "settings"] as const,
  signups: (filters?: Partial<SignupFilters>) =>
    filters ? ([...comingSoonKeys.all, "signups", filters] as const) : ([...comingSoonKeys.all, "signups"] as const),
  products: (ids: string[]) => ["launchdesk-products", ids] as const,
  productOptions: () => ["launchdesk-products", "options"] as const,
  backInStock: (productId: string) => ["launchdesk-back-in-stock", productId] as const,
  mostWanted: (page: number) => ["launchdesk-back-in-stock", "most-wanted", page] as const,
}

const queryOf = (filters: object) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""))

export function useProductComingSoon(productId: string) {
  return useQuery({
    queryKey: comingSoonKeys.product(productId),
    queryFn: () => sdk.client.fetch<ProductComingSoon>(`${API}/products/${productId}`),
  })
}

/**
 * Whether the product has coming-soon settings saved (the settings route answers the defaults
 * either way): read through the module link, `product.cs_product_setting`.
 */
export function useProductComingSoonSaved(productId: string) {
  return useQuery({
    queryKey: comingSoonKeys.productSaved(productId),
    queryFn: () => sdk.admin.product.retrieve(productId, { fields: "id,cs_product_setting.id" }),
    select: (data) => (data.product as { cs_product_setting?: { id: string } | null }).cs_product_setting != null,
  })
}

export function useSaveProductComingSoon(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProductComingSoonInput) =>
      sdk.client.fetch<ProductComingSoon>(`${API}/products/${productId}`, { method: "POST", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(comingSoonKeys.product(productId), saved)
      void queryClient.invalidateQueries({ queryKey: comingSoonKeys.productSaved(productId) })
    },
  })
}

export function useComingSoonSettings() {
  return useQuery({
    queryKey: comingSoonKeys.settings(),
    queryFn: () => sdk.client.fetch<ComingSoonSettings>(`${API}/settings`),
  })
}

export function useSaveComingSoonSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ComingSoonSettingsInput) =>
      sdk.client.fetch<ComingSoonSettings>(`${API}/settings`, { method: "POST", body }),
    onSuccess: (saved) => queryClient.setQueryData(comingSoonKeys.settings(), saved),
  })
}

export function useSignups(filters: SignupFilters) {
  return useQuery({
    queryKey: comingSoonKeys.signups(filters),
    queryFn: () => sdk.client.fetch<ListPayload<Signup>>(`${API}/signups`, { query: queryOf(filters) }),
    placeholderData: keepPreviousData,
  })
}

/** Queues a `dead` row for another round of mailing-list attempts. */
export function useRetrySignupSync() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ success: boolean }>(`${API}/signups/${encodeURIComponent(id)}/retry-sync`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comingSoonKeys.signups() }),
  })
}

/** How many people signed up for one product. */
export function useSignupCount(productId: string) {
  return useQuery({
    queryKey: comingSoonKeys.signups({ product_id: productId, page: 1, per_page: 1 }),
    queryFn: () =>
      sdk.client.fetch<ListPayload<Signup>>(`${API}/signups`, { query: { product_id: productId, page: 1, per_page: 1 } }),
    select: (data) => data.total,
  })
}

/** The same rows as CSV (`format=csv`), as a file the browser saves. */
export async function downloadSignupsCsv(filters: Omit<SignupFilters, "page" | "per_page">) {
  const response = await sdk.client.fetch<Response>(`${API}/signups`, {
    query: queryOf({ ...filters, format: "csv" }),
    headers: { accept: "text/csv" },
  })
  const blob = await response.blob()
  const link = document.createElement("a")
  link.href = URL.createObjectURL(blob)
  link.download = filters.product_id ? `signups-${filters.product_id}.csv` : "signups.csv"
  document.body.appendChild(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(link.href)
}

/** Titles for the product ids on a page of signups. */
export function useProductTitles(ids: string[]) {
  return useQuery({
    queryKey: comingSoonKeys.products(ids),
    enabled: ids.length > 0,
    queryFn: () => sdk.admin.product.list({ id: ids, limit: ids.length, fields: "id,title" }),
    select: (data) => new Map(data.products.map((product) => [product.id, product.title])),
    staleTime: 60_000,
  })
}

/** Products for the signups page's product filter (the first 100, newest first). */
export function useProductOptions() {
  return useQuery({
    queryKey: comingSoonKeys.productOptions(),
    queryFn: () => sdk.admin.product.list({ limit: 100, fields: "id,title", order: "-created_at" }),
    select: (data) => data.products,
    staleTime: 60_000,
  })
}

// While the emails go out, the card follows them at this pace.
const LAUNCH_REFRESH_MS = 3_000

/** The product's launch and its emails' progress, refreshed while it runs. */
export function useLaunch(productId: string) {
  return useQuery({
    queryKey: comingSoonKeys.launch(productId),
    queryFn: () => sdk.client.fetch<{ launch: LaunchView }>(`${API}/products/${productId}/launch`),
    select: (data) => data.launch,
    refetchInterval: (query) => (query.state.data?.launch.status === "running" ? LAUNCH_REFRESH_MS : false),
  })
}

/** Launches now; the card then shows the emails going out, and the product is no longer coming soon. */
export function useLaunchProduct(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Partial<LaunchInput>) =>
      sdk.client.fetch<{ launch: LaunchView }>(`${API}/products/${productId}/launch`, { method: "POST", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(comingSoonKeys.launch(productId), data)
      return queryClient.invalidateQueries({ queryKey: comingSoonKeys.product(productId) })
    },
  })
}

/** Gives the launch's dead emails another round of attempts. */
export function useRetryLaunchEmails(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => sdk.client.fetch<{ retried: number }>(`${API}/products/${productId}/launch/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comingSoonKeys.launch(productId) }),
  })
}

/** Signups, emails, conversions, revenue, signups per day and referrers of one product. */
export function useLaunchStats(productId: string | undefined) {
  return useQuery({
    queryKey: comingSoonKeys.stats(productId ?? ""),
    enabled: !!productId,
    queryFn: () => sdk.client.fetch<LaunchStats>(`${API}/products/${productId}/stats`),
  })
}

/** The product's variants with shoppers waiting for them, most wanted first (the first 100). */
/** The store's variants by waiting demand, one page at a time, as the admin's paged lists take them. */
export function useMostWantedVariants(page: number, perPage: number) {
  return useQuery({
    queryKey: comingSoonKeys.mostWanted(page),
    queryFn: () =>
      sdk.client.fetch<BackInStockDemand>("/admin/back-in-stock", { query: { order: "demand", limit: perPage, offset: (page - 1) * perPage } }),
    select: (data): ListPayload<BackInStockDemand["variants"][number]> => ({
      items: data.variants,
      total: data.count,
      per_page: data.limit,
      page: Math.floor(data.offset / data.limit) + 1,
      total_pages: Math.max(1, Math.ceil(data.count / data.limit)),
    }),
    placeholderData: keepPreviousData,
  })
}

export function useBackInStockDemand(productId: string) {
  return useQuery({
    queryKey: comingSoonKeys.backInStock(productId),
    queryFn: () =>
      sdk.client.fetch<BackInStockDemand>("/admin/back-in-stock", { query: { order: "demand", product_id: productId, limit: 100 } }),
  })
}
