import type { ApiClient } from "./api"

/** `GET /store/coming-soon/products/:product_id` for a coming-soon product (CONTRACT §3). */
export type ComingSoonConfig = {
  coming_soon: true
  product_id: string
  arrival_date: string | null
  offer_description: string | null
  email_provider: "mailer" | "forms_addon"
  forms_embed_url?: string | null
  captcha: { enabled: boolean; site_key?: string | null; provider?: string | null }
  signup_token: string
}

export type ComingSoonLookup = { coming_soon: false } | ComingSoonConfig

export function fetchComingSoon(api: ApiClient, productId: string): Promise<ComingSoonLookup> {
  return api.get<ComingSoonLookup>(`/store/coming-soon/products/${encodeURIComponent(productId)}`)
}
