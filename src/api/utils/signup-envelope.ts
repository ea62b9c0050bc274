import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** The signup route: every answer it gives carries the seed's envelope. */
export const SIGNUP_PATH = "/store/coming-soon/signup"

/**
 * Medusa's error body with the signup's envelope beside it (`success: false`,
 * `data.message`), as the handler's own refusals answer (`signupErrorBody`).
 */
export function withSignupEnvelope(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body
  const fields = body as Record<string, unknown>
  const message = typeof fields.message === "string" ? fields.message : "An unknown error occurred."
  return { success: false, data: { message }, ...fields, message }
}

/**
 * For a failure raised before the signup handler (publishable key, body parser, an unexpected
 * error): the error handler's JSON answer goes out in the envelope, so a storefront reading
 * `data.message` reads every failure the same way (the coming-soon seed's rule).
 */
export function envelopeSignupErrors(req: MedusaRequest, res: MedusaResponse): void {
  if (req.path !== SIGNUP_PATH) return
  const json = res.json.bind(res)
  res.json = (body: unknown) => json(withSignupEnvelope(body))
}
