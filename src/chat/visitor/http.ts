/** A visitor request as both lanes see it, independent of Express or node:http. */
export type VisitorRequest = {
  /** Client IP as the transport trusts it (Express `req.ip`). */
  ip?: string
  cookies: Record<string, string | undefined>
  body?: unknown
  query?: Record<string, unknown>
}

export type VisitorResponse = {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** Medusa's error body, `{ type, message }`. */
export const errorResponse = (
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>
): VisitorResponse => ({ status, body: { type, message }, headers })

export const ok = (body: unknown, headers?: Record<string, string>): VisitorResponse => ({
  status: 200,
  body,
  headers,
})
