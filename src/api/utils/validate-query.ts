import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import { describeIssues, int4IdFromPath, isStringId, shownPathId as shown } from "../../shared/input-schema"

/**
 * Validates `req.query` with a zod schema into `req.validatedQuery`. Medusa's
 * `validateAndTransformQuery` is built for `query.graph` field selection (and answers 500
 * for some malformed keys); these routes take plain filters, so a plain parse fits.
 */
export const validateQuery =
  (schema: z.ZodType) => (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const result = schema.safeParse(req.query)
    if (!result.success) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, describeIssues(result.error)))
    }
    req.validatedQuery = result.data as Record<string, unknown>
    next()
  }

/**
 * Validates `req.body` with a (strict) zod schema into `req.validatedBody`. Medusa's
 * `validateAndTransformBody` prints the offending value into its message, and a value such as
 * `{ "toString": "x" }` cannot be printed: it answered 500. This one never echoes input.
 */
export const validateBody =
  (schema: z.ZodType) => (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const result = schema.safeParse(req.body ?? {})
    if (!result.success) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, describeIssues(result.error)))
    }
    req.validatedBody = result.data
    next()
  }


/** An int4 route id (`:id`); anything else is an id that cannot exist: 404. */
export function integerIdParam(req: MedusaRequest, what: string): number {
  const raw = req.params.id
  const id = int4IdFromPath(raw)
  if (id === null) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `${what}${shown(raw)} was not found`)
  }
  return id
}

/** A string route id (a product's, a user's); one that cannot exist (NUL, over 255 characters) is 404. */
export function stringIdParam(req: MedusaRequest, name: string, what: string): string {
  const raw = req.params[name]
  if (!isStringId(raw)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `${what}${shown(raw)} was not found`)
  }
  return raw
}

/** The list payload every list route answers with. */
export const listPayload = <T>(items: T[], total: number, perPage: number, page: number) => ({
  items,
  total,
  per_page: perPage,
  page,
  total_pages: Math.ceil(total / perPage),
})
