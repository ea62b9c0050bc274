import { z } from "@medusajs/framework/zod"
import { DateTime } from "./common"

/** Back in stock's answers (CONTRACT §12). */

/** A subscription's status as the admin's list shows it (the model's, checked by the OpenAPI unit spec). */
export const BACK_IN_STOCK_STATUSES = ["waiting", "sending", "notified", "unsubscribed"] as const

/** `GET /admin/back-in-stock?order=demand`: variants by waiting subscribers, most first. */
export const AdminBackInStockList = z
  .object({
    variants: z.array(
      z.object({
        variant_id: z.string(),
        product_id: z.string(),
        /** Empty when the variant or product no longer exists. */
        product_title: z.string(),
        variant_title: z.string(),
        /** Subscribers waiting for the next restock. */
        waiting: z.number().int().min(0),
        /** Subscribers emailed at a restock (whether or not they wait again). */
        notified: z.number().int().min(0),
        /** Notified subscribers whose order with the variant followed. */
        converted: z.number().int().min(0),
      })
    ),
    count: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  })
  .meta({ id: "AdminBackInStockList" })
export type AdminBackInStockListType = z.infer<typeof AdminBackInStockList>

/**
 * `POST /store/back-in-stock`'s success: `confirmation_required: true` while the address
 * awaits its double opt-in confirmation (the form then says to open the emailed link).
 */
export const StoreBackInStockResponse = z
  .object({ success: z.literal(true), confirmation_required: z.literal(true).optional() })
  .meta({ id: "StoreBackInStockResponse" })
export type StoreBackInStockResponseType = z.infer<typeof StoreBackInStockResponse>

/** `GET /admin/back-in-stock/subscriptions`: one page of subscriptions, newest first. */
export const AdminBackInStockSubscriptionList = z
  .object({
    subscriptions: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        product_id: z.string(),
        variant_id: z.string(),
        customer_id: z.string().nullable(),
        /** The signup's locale: its email's language. */
        locale: z.string().nullable(),
        status: z.enum(BACK_IN_STOCK_STATUSES),
        /** Restock emails sent to it so far. */
        restock_round: z.number().int().min(0),
        created_at: DateTime,
        notified_at: DateTime.nullable(),
        unsubscribed_at: DateTime.nullable(),
        converted_order_id: z.string().nullable(),
        converted_at: DateTime.nullable(),
        /** Consent on record (CONTRACT §12): the exact text the shopper ticked, and when; null when none. */
        consent_text: z.string().nullable(),
        consent_at: DateTime.nullable(),
      })
    ),
    count: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  })
  .meta({ id: "AdminBackInStockSubscriptionList" })

/** `DELETE /admin/back-in-stock/subscriptions/:id`: erased, and how many email records with it. */
export const AdminBackInStockErasureResponse = z
  .object({ success: z.literal(true), notifications_erased: z.number().int().min(0) })
  .meta({ id: "AdminBackInStockErasureResponse" })
