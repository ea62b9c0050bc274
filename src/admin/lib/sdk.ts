import Medusa from "@medusajs/js-sdk"

const BACKEND_URL = import.meta.env.VITE_BACKEND_URL || "/"

/** The one API client of the plugin's admin screens: the dashboard's own session cookie. */
export const sdk = new Medusa({
  baseUrl: BACKEND_URL,
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})

/**
 * The backend's address of a route, for what the browser fetches itself (a download link
 * streams to disk with the same session cookie instead of through memory).
 */
export const backendHref = (path: string, query: Record<string, string>) =>
  `${BACKEND_URL.replace(/\/$/, "")}${path}?${new URLSearchParams(query)}`
