import { z } from "@medusajs/framework/zod"

/**
 * Shapes every area's answers share. Each schema here and in its siblings is the one
 * description of a wire shape: the TypeScript types are inferred from it, and the OpenAPI
 * description (docs/openapi.json) is generated from it.
 */

/** An instant as JSON carries it: ISO 8601 with its offset (`2026-03-01T09:00:00.000Z`). */
export const DateTime = z.iso.datetime({ offset: true }).meta({ id: "DateTime" })

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDate = z.iso.date().meta({ id: "CalendarDate" })

/** A row id (PostgreSQL `integer`). */
export const Int4Id = z.number().int().min(1).max(2147483647)

/**
 * Medusa's error body, as its error handler writes it and the plugin's refusals copy:
 * `type` is Medusa's error type (`invalid_data`, `not_allowed`, `not_found`, `unauthorized`,
 * `conflict`, `too_many_requests`, `service_unavailable`, ...); `code` only where Medusa adds one.
 */
export const ErrorBody = z
  .object({
    type: z.string(),
    message: z.string(),
    code: z.string().optional(),
  })
  .meta({ id: "Error" })
export type ErrorBodyType = z.infer<typeof ErrorBody>

/** What Medusa's authentication answers an admin request without a valid session, token or key. */
export const UnauthorizedBody = z.object({ message: z.string() }).meta({ id: "Unauthorized" })
export type UnauthorizedBodyType = z.infer<typeof UnauthorizedBody>

/** `{ success: true }`, the answer of a write with nothing else to say. */
export const SuccessBody = z.object({ success: z.literal(true) }).meta({ id: "Success" })
export type SuccessBodyType = z.infer<typeof SuccessBody>

/** The list payload every list route answers with (CONTRACT §2): one page of `item`. */
export const listOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    per_page: z.number().int().min(1).max(100),
    page: z.number().int().min(1),
    total_pages: z.number().int().min(0),
  })
