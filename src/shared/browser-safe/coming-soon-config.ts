// The coming-soon block's reading of its product's state: the storefront imports it (type only);
// src/types/http/coming-soon-store.ts checks that the route's answer fits it.

/** `GET /store/coming-soon/products/:product_id` for a coming-soon product (CONTRACT §3). */
export type ComingSoonConfig = {
  coming_soon: true
  product_id: string
  arrival_date: string | null
  offer_description: string | null
  /** The resolved locale of the answer's texts (optional: an older server sends none). */
  locale?: string
  /** The store's signup button words in that locale; null or absent: the block's own. */
  button_text?: string | null
  email_provider: "mailer" | "forms_addon" | "ledger"
  forms_embed_url?: string | null
  captcha: CaptchaSetting
  consent?: ConsentSetting
  signup_token: string
  /** The product takes pre-orders: the block offers "Pre-order" beside the signup (optional: an older server sends none). */
  preorder?: boolean
  /** The store's overrides of the block's own texts (ICU messages) for its language; absent when none. */
  labels?: Record<string, string>
}

/** The store's CAPTCHA for the storefront's forms (CONTRACT §3): the provider's widget is shown when enabled. */
export type CaptchaSetting = { enabled: boolean; site_key?: string | null; provider?: string | null }

/**
 * The store's consent checkbox (CONTRACT §12): `text` is shown as it is (the row keeps it);
 * absent: no checkbox.
 */
export type ConsentSetting = { required: boolean; text: string }

/**
 * A product that is not coming soon; `captcha` (when the store enabled one) is for the
 * back-in-stock form, absent from an older server.
 */
export type NotComingSoon = { coming_soon: false; captcha?: CaptchaSetting; consent?: ConsentSetting; labels?: Record<string, string> }

export type ComingSoonLookup = NotComingSoon | ComingSoonConfig
