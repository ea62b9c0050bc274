import type { ApiClient, ApiError } from "./api"
import type { ComingSoonConfig, ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"

export type { ComingSoonConfig, ComingSoonLookup }

export function fetchComingSoon(api: ApiClient, productId: string): Promise<ComingSoonLookup> {
  return api.get<ComingSoonLookup>(`/store/coming-soon/products/${encodeURIComponent(productId)}`)
}

/**
 * Why a product's coming-soon state could not be learnt, for the console: a request that got no
 * answer from a backend on another origin is most likely refused by CORS (the browser does not
 * say), which the store fixes in its STORE_CORS.
 */
export function lookupFailureReason(error: unknown, backendUrl: string): string {
  // By shape, not `instanceof`: launchdesk.js and the coming-soon chunk each bundle their own ApiError.
  if (!(error instanceof Error)) return String(error)
  if (error.name !== "ApiError") return error.message
  const { status } = error as ApiError
  if (status !== 0) return `the backend answered HTTP ${status}: ${error.message}`
  const target = originOf(backendUrl)
  const here = typeof location === "undefined" ? null : location.origin
  if (target && here && target !== here) {
    return (
      `the request to ${target} got no answer (${error.message}), most likely refused by CORS: ` +
      `the store's STORE_CORS (storeCors in medusa-config) must include this storefront's origin, ${here}`
    )
  }
  return `the request to ${backendUrl} got no answer (${error.message}): the backend is unreachable`
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** Logs that a product's add-to-cart stays replaced because its state is unknown, and why. */
export function warnLookupFailed(product: string, error: unknown, backendUrl: string) {
  console.warn(
    `[LaunchDesk] could not learn whether product ${product} is coming soon, so its add-to-cart is not shown: ` +
      lookupFailureReason(error, backendUrl)
  )
}
