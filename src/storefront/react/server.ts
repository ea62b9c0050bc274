// `…/react/server`: for a product page rendered on the server (a React Server Component, or any
// async code before rendering). No "use client" and nothing of the browser: the page asks the
// coming-soon state as it renders and hands it to <ComingSoonGate initialState>, so the server
// HTML already holds the add-to-cart, or the block's place, before any script runs.
import { createApiClient } from "../core/api"
import { fetchComingSoon, lookupFailureReason } from "../core/coming-soon-api"
import type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"

export type { ComingSoonLookup }

export type ComingSoonStateOptions = {
  /** The Medusa backend, as the provider's `backendUrl`. */
  backendUrl: string
  publishableKey: string
  /** The shopper's locale (a BCP 47 tag), sent as `x-medusa-locale`: the store's texts come in it. */
  locale?: string
  /** How long to wait for the backend before the browser is left to ask (default 2500 ms). */
  timeoutMs?: number
  /** A fetch of your own (Next.js's, with its caching options); default the global fetch. */
  fetch?: typeof fetch
}

const DEFAULT_TIMEOUT_MS = 2500

/**
 * `GET /store/coming-soon/products/:id` from the server: the product's state as
 * <ComingSoonGate initialState> and <BackInStockGate initialState> take it (plain JSON, fine to
 * pass from a server component). Null when the backend did not answer in time or answered an
 * error (logged): the gate then asks from the browser, as without it.
 */
export async function getComingSoonState(productId: string, options: ComingSoonStateOptions): Promise<ComingSoonLookup | null> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const baseFetch = options.fetch ?? fetch
  const api = createApiClient({
    baseUrl: options.backendUrl,
    publishableKey: options.publishableKey,
    locale: options.locale,
    // No cookies on the server: nothing here is the shopper's own.
    fetch: (url, init) => baseFetch(url, { ...init, credentials: "omit", signal: AbortSignal.timeout(timeoutMs) }),
  })
  try {
    return await fetchComingSoon(api, productId)
  } catch (error) {
    console.warn(`[LaunchDesk] could not learn on the server whether product ${productId} is coming soon (the browser will ask): ${lookupFailureReason(error, options.backendUrl)}`)
    return null
  }
}
