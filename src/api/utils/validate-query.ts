import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"

/**
 * Validates `req.query` with a zod schema into `req.validatedQuery`. Medusa's
 * `validateAndTransformQuery` is built for `query.graph` field selection (and answers 500
 * for some malformed keys); these routes take plain filters, so a plain parse fits.
 */
export const validateQuery =
  (schema: z.ZodType) => (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const result = schema.safeParse(req.query)
    if (!result.success) {
      const issue = result.error.issues[0]
      return next(
        new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${issue.path.join(".") || "query"}: ${issue.message}`)
      )
    }
    req.validatedQuery = result.data as Record<string, unknown>
    next()
  }

/** Positive integer route ids; anything else is an id that cannot exist. */
export function integerIdParam(req: MedusaRequest, what: string): number {
  const raw = req.params.id
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `${what} ${raw} was not found`)
  }
  return Number(raw)
}

/** The list payload every list route answers with. */
export const listPayload = <T>(items: T[], total: number, perPage: number, page: number) => ({
  items,
  total,
  per_page: perPage,
  page,
  total_pages: Math.ceil(total / perPage),
})
