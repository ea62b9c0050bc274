import Medusa from "@medusajs/js-sdk"

/** The one API client of the plugin's admin screens: the dashboard's own session cookie. */
export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || "/",
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
