import { z } from "@medusajs/framework/zod"
import { StoreComingSoonProductResponse, StoreSignupBody, StoreSignupResponse, StoreWaitlistStatusResponse } from "../../types/http/coming-soon-store"
import { error, htmlPage, json, pageOrError, signupError } from "../responses"
import { BODY_PARSER, BOTH_LANES, jsonBody, MEDUSA, NONE, LocaleHeader, LocaleQuery, ProductIdParam, STORE_400, TAGS, type RouteDescription } from "./route-kinds"

/** Coming soon's store routes: a product's block, the signup, and the links its emails carry. */

// The link in an email, and the page's own form, carry the signed token.
const LinkQuery = z.object({
  token: z.string().optional().meta({ description: "The signed token of the link." }),
  locale: z.string().optional().meta({ description: "The page's language (else `x-medusa-locale`, then `Accept-Language`)." }),
})
const LinkForm = { contentType: "application/x-www-form-urlencoded", schema: z.object({ token: z.string().optional() }) }

const SIGNUP_LINK_RESPONSES = {
  400: pageOrError("An invalid link (the page), or an unknown publishable key"),
}

const comingSoonStore = (route: Omit<RouteDescription, "tag" | "lanes"> & Partial<Pick<RouteDescription, "lanes">>): RouteDescription => ({
  tag: TAGS.comingSoonStore,
  lanes: MEDUSA,
  ...route,
})

export const COMING_SOON_STORE_ROUTES: RouteDescription[] = [
  comingSoonStore({
    method: "get",
    path: "/store/coming-soon/products/{product_id}",
    summary: "The coming-soon block's config for a product",
    lanes: BOTH_LANES,
    description: "The offer and button texts are the product's variants for the request's locale (`locale` in the answer), else its defaults.",
    access: "store",
    params: ProductIdParam,
    headers: LocaleHeader,
    query: LocaleQuery,
    responses: {
      200: json(StoreComingSoonProductResponse, "Coming soon or not"),
      400: STORE_400("A missing or unknown publishable key"),
      404: error(404, "No such published product"),
    },
  }),
  comingSoonStore({
    method: "post",
    path: "/store/coming-soon/signup",
    summary: "Sign up for a coming-soon product's launch",
    lanes: BOTH_LANES,
    description:
      "Checked in the seed's order, cheap checks first: honeypot, signup token, per-IP limit, CAPTCHA, email, product. " +
      "A `mailer` product needs a MailerLite group (else 400); a `ledger` product needs none and its rows are never sent to the mailing list. " +
      "A repeated address is no error. Sets the `cs_mailer_user_id` cookie when the mailing list answered.",
    access: "store",
    body: jsonBody(StoreSignupBody),
    responses: {
      200: json(StoreSignupResponse, "Signed up"),
      400: signupError(400, "Spam detected, CAPTCHA not verified, an invalid email, a product not taking signups; or a missing publishable key"),
      403: signupError(403, "The signup token is invalid or expired"),
      413: signupError(413, "The body is larger than the body parser takes"),
      415: signupError(415, "The body's content type or charset is not one the body parser takes"),
      429: signupError(429, "Too many signups from this address: wait `Retry-After` seconds"),
      500: signupError(500, "An unexpected failure on the server, never bad input; the body names no cause"),
    },
  }),
  comingSoonStore({
    method: "get",
    path: "/store/coming-soon/status",
    summary: "A signup's place in line, by its signed status link",
    description:
      "The link in the signup's emails; works without a publishable key. JSON for a client that asks for `application/json`, " +
      "a plain page in the reader's language for a browser or an email client. The token names one ledger row and expires " +
      "after `waitlist.statusLinkDays`. Place in line: see docs/coming-soon.md#place-in-line.",
    access: "keyless",
    query: LinkQuery,
    responses: {
      200: { description: "The place in line", content: { ...json(StoreWaitlistStatusResponse, "").content, ...htmlPage("").content } },
      400: pageOrError("A forged, altered, another row's or expired token; or an unknown publishable key"),
      404: pageOrError("The signup is no longer on the waitlist (erased)"),
    },
  }),
  ...(["get", "post"] as const).flatMap((method) =>
    (["confirm", "unsubscribe"] as const).map((link) =>
      comingSoonStore({
        method,
        path: `/store/coming-soon/${link}`,
        summary:
          method === "get"
            ? `The ${link === "confirm" ? "double opt-in confirmation" : "unsubscribe"} link: the page and its button`
            : link === "confirm"
              ? "Confirm the signup's address"
              : "Unsubscribe (the page's button, or a mail client's one-click `List-Unsubscribe=One-Click`)",
        description: "Works without a publishable key (an email client sends none). Only the POST changes anything.",
        access: "keyless",
        query: LinkQuery,
        ...(method === "post" ? { body: LinkForm } : {}),
        responses: {
          200: htmlPage(method === "get" ? "The question and its button" : "Done"),
          ...SIGNUP_LINK_RESPONSES,
          ...(method === "post" ? BODY_PARSER : NONE),
        },
      })
    )
  ),
]
