import { z } from "@medusajs/framework/zod"
import {
  AdminBackInStockErasureResponse,
  AdminBackInStockList,
  AdminBackInStockSubscriptionList,
  StoreBackInStockResponse,
} from "../../types/http/back-in-stock"
import { StoreBackInStockSignup } from "../../coming-soon/back-in-stock-signup"
import { AdminListBackInStock, AdminListBackInStockSubscriptions } from "../../api/admin/back-in-stock/validators"
import { stringId } from "../../shared/input-schema"
import { error, json } from "../responses"
import { admin, BODY_PARSER, jsonBody, MEDUSA, STORE_400, TAGS, type RouteDescription } from "./route-kinds"

/** Back in stock (CONTRACT §12): the shopper's subscription and the admin's demand list. */
export const BACK_IN_STOCK_ROUTES: RouteDescription[] = [
  {
    tag: TAGS.backInStock,
    lanes: MEDUSA,
    method: "post",
    path: "/store/back-in-stock",
    summary: "Ask to be emailed when a variant is available again",
    description:
      "Checked in the waitlist signup's order: body, honeypot (`website_url`), per-IP limit, CAPTCHA when enabled, email, variant. " +
      "A repeated address is no error and adds no row; after a restock email it waits for the next restock. " +
      "The email's unsubscribe link is the waitlist's (`/store/coming-soon/unsubscribe`). " +
      "With double opt-in a new subscription waits for its address to be confirmed from the waitlist's confirmation email (`confirmation_required: true`).",
    access: "store",
    body: jsonBody(StoreBackInStockSignup),
    responses: {
      200: json(StoreBackInStockResponse, "Subscribed"),
      400: STORE_400("Invalid input, spam detected, CAPTCHA not verified, an invalid email, an unknown variant; or a missing publishable key"),
      429: error(429, "Too many signups from this address: wait `Retry-After` seconds"),
      ...BODY_PARSER,
    },
  },
  admin({
    tag: TAGS.backInStock,
    method: "get",
    path: "/admin/back-in-stock",
    summary: "Variants by waiting subscribers (demand)",
    query: AdminListBackInStock,
    responses: { 200: json(AdminBackInStockList, "One page of variants, most waiting first"), 400: error(400) },
  }),
  admin({
    tag: TAGS.backInStock,
    method: "get",
    path: "/admin/back-in-stock/subscriptions",
    summary: "The subscriptions, newest first (`format=csv`: every matching row as CSV)",
    query: AdminListBackInStockSubscriptions,
    responses: {
      200: {
        description: "One page as JSON, or every matching row as CSV",
        content: {
          "application/json": { schema: AdminBackInStockSubscriptionList },
          "text/csv": { schema: z.string().meta({ description: "RFC 4180, a header line, formula-safe cells." }) },
        },
      },
      400: error(400),
    },
  }),
  admin({
    tag: TAGS.backInStock,
    method: "delete",
    path: "/admin/back-in-stock/subscriptions/{id}",
    summary: "Erase a subscription (data-erasure request)",
    params: z.object({ id: stringId().meta({ description: "The subscription's id (`csbis_…`)." }) }),
    responses: {
      200: json(AdminBackInStockErasureResponse, "Erased, with its emails' Notification records"),
      404: error(404, "No such subscription"),
    },
  }),
]
