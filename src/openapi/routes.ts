import { z } from "@medusajs/framework/zod"
import type { ZodOpenApiResponseObject } from "zod-openapi"
import { int4Id, sinceId, stringId } from "../shared/input-schema"
import { SuccessBody } from "../types/http/common"
import {
  StoreAutoReplyResponse,
  StoreLinkSessionResponse,
  StorePollResponse,
  StoreSendMessageResponse,
  StoreSessionResponse,
  StoreTranscriptResponse,
  UploadedAttachment,
} from "../types/http/chat-visitor"
import {
  AdminAssignResponse,
  AdminBridgeTestResponse,
  AdminCannedResponse,
  AdminCannedResponseListResponse,
  AdminChatDeliveryListResponse,
  AdminChatSettingsResponse,
  AdminConversationContextResponse,
  AdminConversationListResponse,
  AdminConversationResponse,
  AdminRatingsSummaryResponse,
  AdminRenderCannedResponse,
  AdminReplyResponse,
} from "../types/http/admin-inbox"
import { HookBridgeIncomingResponse } from "../types/http/hooks"
import { StoreComingSoonProductResponse, StoreSignupBody, StoreSignupResponse } from "../types/http/coming-soon-store"
import {
  AdminComingSoonSettingsResponse,
  AdminLaunchResponse,
  AdminLaunchRetryResponse,
  AdminLaunchStatsResponse,
  AdminProductComingSoonResponse,
  AdminSignupErasureResponse,
  AdminSignupListResponse,
} from "../types/http/coming-soon-admin"
import {
  StoreAutoReply,
  StoreLinkSession,
  StoreMarkRead,
  StorePollMessages,
  StoreRateConversation,
  StoreRequestTranscript,
  StoreSaveEmail,
  StoreSendMessage,
  StoreStartSession,
  StoreTyping,
} from "../chat/visitor/validators"
import {
  AdminAssign,
  AdminCreateCannedResponse,
  AdminGetConversation,
  AdminListCanned,
  AdminListConversations,
  AdminMarkRead,
  AdminRatingsSummary,
  AdminRenderCanned,
  AdminReply,
  AdminTyping,
  AdminUpdateCannedResponse,
  AdminUploadAttachment,
} from "../api/admin/app/v1/validators"
import { AdminListDeliveries } from "../api/admin/app/v1/deliveries/validators"
import { HookBridgeIncoming } from "../api/hooks/app/v1/bridge/validators"
import { AdminListSignups, AdminUpdateComingSoonSettings, AdminUpdateProductComingSoon } from "../api/admin/coming-soon/validators"
import { AdminUpdateChatSettings } from "../chat/settings"
import { AdminLaunchProduct } from "../coming-soon/launch"
import {
  adminUnauthorized,
  binary,
  error,
  eventStream,
  htmlPage,
  json,
  noContent,
  pageOrError,
  signupError,
} from "./responses"

/**
 * Every route the plugin serves, on Medusa (src/api) and on the fast lane (src/fast-lane):
 * the one list docs/openapi.json is generated from. Request shapes are the routes' own
 * validators; answers are the wire shapes of src/types/http.
 */

/** Who serves a route: Medusa (the route files under src/api), the fast lane, or both. */
export type Lane = "medusa" | "fast-lane"

/** Who may call: the security requirement of the route (see `SECURITY_SCHEMES`). */
export type Access = "store" | "visitor" | "keyless" | "admin" | "bridge" | "public"

export type Method = "get" | "post" | "put" | "patch" | "delete"

export type RouteDescription = {
  method: Method
  /** OpenAPI's path template: `{id}` for a route folder `[id]`. */
  path: string
  tag: string
  summary: string
  description?: string
  access: Access
  lanes: readonly Lane[]
  params?: z.ZodObject
  query?: z.ZodObject
  headers?: z.ZodObject
  body?: { contentType: string; schema: z.ZodType }
  responses: Record<number, ZodOpenApiResponseObject>
}

export const TAGS = {
  visitor: "Visitor chat",
  inbox: "Admin inbox",
  hooks: "Bridge hook",
  comingSoonStore: "Coming soon (store)",
  comingSoonAdmin: "Coming soon (admin)",
  health: "Health",
} as const

const BOTH_LANES: readonly Lane[] = ["medusa", "fast-lane"]
const MEDUSA: readonly Lane[] = ["medusa"]

const jsonBody = (schema: z.ZodType) => ({ contentType: "application/json", schema })

const ConversationIdParam = z.object({ id: int4Id().meta({ description: "The conversation id." }) })
const IdParam = (what: string) => z.object({ id: int4Id().meta({ description: `The ${what} id.` }) })
const ProductIdParam = z.object({ product_id: stringId().meta({ description: "The Medusa product id." }) })
const SignupIdParam = z.object({ id: stringId().meta({ description: "The signup ledger row's id." }) })
const LastEventId = z.object({
  "Last-Event-ID": sinceId()
    .optional()
    .meta({ description: "A browser's reconnect: resume after this message id (wins over `since_id`)." }),
})
// The link in an email, and the page's own form, carry the signed token.
const LinkQuery = z.object({
  token: z.string().optional().meta({ description: "The signed token of the link." }),
  locale: z.string().optional().meta({ description: "The page's language (else `x-medusa-locale`, then `Accept-Language`)." }),
})
const TranscriptLinkQuery = z.object({ token: z.string().optional().meta({ description: "The signed token of the link." }) })
const LinkForm = { contentType: "application/x-www-form-urlencoded", schema: z.object({ token: z.string().optional() }) }
const FileForm = {
  contentType: "multipart/form-data",
  schema: z.object({ file: z.string().meta({ format: "binary", description: "The one file; no other field." }) }),
}

// Every request with a body passes the body parser first (Medusa's, or the fast lane's).
const BODY_PARSER: Record<number, ZodOpenApiResponseObject> = { 413: error(413), 415: error(415) }
const NONE: Record<number, ZodOpenApiResponseObject> = {}
const VISITOR_403 = error(
  403,
  "No session of its own: the `app_visitor_hash` cookie is missing or unknown, or its conversation belongs to a customer account the request is not signed in to"
)
const STORE_400 = (why = "Invalid input, or a missing or unknown publishable key (`not_allowed`)") => error(400, why)
const TOO_MANY = error(429)
const NOT_STORED = error(503, "The database refused the message: nothing was stored; send it again after `Retry-After` seconds")

const visitor = (route: Omit<RouteDescription, "tag" | "access" | "lanes"> & Partial<Pick<RouteDescription, "access" | "lanes">>): RouteDescription => ({
  tag: TAGS.visitor,
  access: "visitor",
  lanes: BOTH_LANES,
  ...route,
})

const VISITOR_ROUTES: RouteDescription[] = [
  visitor({
    method: "post",
    path: "/store/app/v1/session",
    summary: "Resume the cookie's conversation or start one",
    description:
      "Sets the `app_visitor_hash` cookie for a new conversation. The latest 200 messages, oldest first, with `has_more` when older ones exist. " +
      "A signed-in shopper whose cookie holds a guest's conversation gets `link_offer`; `new_conversation: true` starts a new one instead.",
    access: "store",
    body: jsonBody(StoreStartSession),
    responses: { 200: json(StoreSessionResponse, "The conversation"), 400: STORE_400(), 429: TOO_MANY, ...BODY_PARSER },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/session/link",
    summary: "Keep the guest conversation with the signed-in customer",
    body: jsonBody(StoreLinkSession),
    responses: {
      200: json(StoreLinkSessionResponse, "Linked (or already linked)"),
      400: STORE_400(),
      401: error(401, "No customer authentication"),
      403: VISITOR_403,
      409: error(409, "The cookie's conversation is not the one named"),
      429: TOO_MANY,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/send",
    summary: "Send a visitor message",
    description: "A filled honeypot (`website_url`) answers 200 with `message_id: null` and stores nothing.",
    body: jsonBody(StoreSendMessage),
    responses: {
      200: json(StoreSendMessageResponse, "Stored"),
      400: STORE_400(),
      403: VISITOR_403,
      429: TOO_MANY,
      503: NOT_STORED,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "get",
    path: "/store/app/v1/poll",
    summary: "Messages after `since_id`",
    description: "At most 200 messages, oldest first, with `has_more` when more wait. Not rate limited.",
    query: StorePollMessages,
    responses: { 200: json(StorePollResponse, "New messages"), 400: STORE_400(), 403: VISITOR_403 },
  }),
  visitor({
    method: "get",
    path: "/store/app/v1/stream",
    summary: "The conversation as it grows (Server-Sent Events)",
    query: StorePollMessages,
    headers: LastEventId,
    responses: {
      200: eventStream("Each message once it is committed, from `since_id` or `Last-Event-ID`"),
      400: STORE_400(),
      403: VISITOR_403,
      429: error(429, "Too many open streams from this address or on this server: poll instead"),
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/email",
    summary: "Leave an email address for offline replies",
    body: jsonBody(StoreSaveEmail),
    responses: {
      200: json(SuccessBody, "Saved"),
      400: STORE_400(),
      403: VISITOR_403,
      409: error(409, "The conversation is closed"),
      429: TOO_MANY,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/auto-reply",
    summary: "Ask for an automatic answer from the canned responses",
    body: jsonBody(StoreAutoReply),
    responses: {
      200: json(StoreAutoReplyResponse, "Replied, or why not"),
      400: STORE_400(),
      403: VISITOR_403,
      429: TOO_MANY,
      503: NOT_STORED,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/rating",
    summary: "Rate the conversation's latest close",
    body: jsonBody(StoreRateConversation),
    responses: {
      200: json(SuccessBody, "Rated"),
      400: STORE_400(),
      403: VISITOR_403,
      409: error(409, "Not closed, or already rated since it was closed"),
      429: TOO_MANY,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/transcript",
    summary: "Email the conversation's transcript",
    description: "An address not confirmed yet first gets a confirmation email (`confirmation_sent: true`).",
    body: jsonBody(StoreRequestTranscript),
    responses: {
      200: json(StoreTranscriptResponse, "Queued"),
      400: STORE_400(),
      403: VISITOR_403,
      409: error(409, "Not closed, no address, or already on its way"),
      429: TOO_MANY,
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/typing",
    summary: "The shopper is typing (or stopped)",
    body: jsonBody(StoreTyping),
    responses: { 204: noContent("Sent to the staff watching"), 400: STORE_400(), 403: VISITOR_403, 429: TOO_MANY, ...BODY_PARSER },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/read",
    summary: "The shopper has read up to a message",
    body: jsonBody(StoreMarkRead),
    responses: { 204: noContent("Recorded"), 400: STORE_400(), 403: VISITOR_403, 429: TOO_MANY, ...BODY_PARSER },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/attachments",
    summary: "Upload a file to send with the next message",
    lanes: MEDUSA,
    body: FileForm,
    responses: {
      200: json(UploadedAttachment, "Stored, not sent yet"),
      400: STORE_400("Not one acceptable file, too large, or the conversation is full; or a missing or unknown publishable key"),
      403: VISITOR_403,
      429: error(429, "Too many uploads, or this address's bytes for the day are spent"),
      ...BODY_PARSER,
    },
  }),
  visitor({
    method: "get",
    path: "/store/app/v1/attachments/{id}",
    summary: "Download a file of the shopper's conversation",
    lanes: MEDUSA,
    params: IdParam("attachment"),
    responses: {
      200: binary("The file"),
      400: STORE_400("A missing or unknown publishable key"),
      403: VISITOR_403,
      404: error(404, "No such file in this conversation"),
    },
  }),
  visitor({
    method: "get",
    path: "/store/app/v1/transcript/confirm",
    summary: "A transcript's confirmation link: the page and its button",
    description: "Opening it changes nothing. Works without a publishable key (an email client sends none).",
    access: "keyless",
    lanes: MEDUSA,
    query: TranscriptLinkQuery,
    responses: {
      200: htmlPage("The question and its button"),
      400: pageOrError("An invalid or expired link (the page), or an unknown publishable key"),
      409: htmlPage("The conversation changed since the link was sent"),
    },
  }),
  visitor({
    method: "post",
    path: "/store/app/v1/transcript/confirm",
    summary: "Confirm the address; the transcript follows",
    access: "keyless",
    lanes: MEDUSA,
    query: TranscriptLinkQuery,
    responses: {
      200: htmlPage("Confirmed"),
      400: pageOrError("An invalid or expired link (the page), or an unknown publishable key"),
      409: htmlPage("The conversation changed since the link was sent"),
      ...BODY_PARSER,
    },
  }),
]

const admin = (route: Omit<RouteDescription, "tag" | "access" | "lanes"> & { tag?: string }): RouteDescription => ({
  tag: TAGS.inbox,
  access: "admin",
  lanes: MEDUSA,
  ...route,
  responses: { 401: adminUnauthorized(), ...(route.method === "get" ? NONE : BODY_PARSER), ...route.responses },
})

const INVALID = error(400)
const NO_CONVERSATION = error(404, "No such conversation")

const ADMIN_CHAT_ROUTES: RouteDescription[] = [
  admin({
    method: "get",
    path: "/admin/app/v1/conversations",
    summary: "List conversations, newest activity first",
    query: AdminListConversations,
    responses: { 200: json(AdminConversationListResponse, "One page"), 400: INVALID },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/conversation/{id}",
    summary: "A conversation with its messages",
    params: ConversationIdParam,
    query: AdminGetConversation,
    responses: { 200: json(AdminConversationResponse, "The conversation"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/conversation/{id}/context",
    summary: "The customer and orders beside a conversation",
    params: ConversationIdParam,
    responses: { 200: json(AdminConversationContextResponse, "The context"), 404: NO_CONVERSATION },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/conversation/{id}/stream",
    summary: "A conversation as it grows (Server-Sent Events)",
    params: ConversationIdParam,
    query: AdminGetConversation,
    headers: LastEventId,
    responses: {
      200: eventStream("Each message once it is committed, and the shopper's typing and read events"),
      400: INVALID,
      404: NO_CONVERSATION,
      429: error(429, "Too many open streams: poll instead"),
    },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/typing",
    summary: "The agent is typing (or stopped)",
    params: ConversationIdParam,
    body: jsonBody(AdminTyping),
    responses: { 204: noContent("Sent to the shopper"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/read",
    summary: "Staff have read up to a message",
    params: ConversationIdParam,
    body: jsonBody(AdminMarkRead),
    responses: { 204: noContent("Recorded"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/reply",
    summary: "Reply as the signed-in agent",
    body: jsonBody(AdminReply),
    responses: {
      200: json(AdminReplyResponse, "Stored"),
      400: INVALID,
      404: NO_CONVERSATION,
      503: NOT_STORED,
    },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/assign/{id}",
    summary: "Assign a conversation (`0`, `\"\"` or `null` unassigns)",
    params: ConversationIdParam,
    body: jsonBody(AdminAssign),
    responses: { 200: json(AdminAssignResponse, "Assigned"), 400: error(400, "Invalid input or an unknown user"), 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/close/{id}",
    summary: "Close a conversation",
    params: ConversationIdParam,
    responses: { 200: json(SuccessBody, "Closed"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/attachments",
    summary: "Upload a file for a reply",
    query: AdminUploadAttachment,
    body: FileForm,
    responses: {
      200: json(UploadedAttachment, "Stored, not sent yet"),
      400: error(400, "Not one acceptable file, too large, or no conversation id"),
      404: NO_CONVERSATION,
    },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/attachments/{id}",
    summary: "Download a file of any conversation",
    params: IdParam("attachment"),
    responses: { 200: binary("The file"), 404: error(404, "No such file") },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/canned",
    summary: "List canned responses",
    query: AdminListCanned,
    responses: { 200: json(AdminCannedResponseListResponse, "One page"), 400: INVALID },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/canned",
    summary: "Create a canned response",
    body: jsonBody(AdminCreateCannedResponse),
    responses: { 200: json(AdminCannedResponse, "Created"), 400: INVALID },
  }),
  ...(["put", "patch"] as const).map((method) =>
    admin({
      method,
      path: "/admin/app/v1/canned/{id}",
      summary: "Update a canned response",
      params: IdParam("canned response"),
      body: jsonBody(AdminUpdateCannedResponse),
      responses: { 200: json(AdminCannedResponse, "Updated"), 400: INVALID, 404: error(404, "No such canned response") },
    })
  ),
  admin({
    method: "delete",
    path: "/admin/app/v1/canned/{id}",
    summary: "Delete a canned response",
    params: IdParam("canned response"),
    responses: { 200: json(SuccessBody, "Deleted"), 400: INVALID, 404: error(404, "No such canned response") },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/canned/{id}/render",
    summary: "A canned response filled in for a conversation",
    params: IdParam("canned response"),
    body: jsonBody(AdminRenderCanned),
    responses: {
      200: json(AdminRenderCannedResponse, "The text, and the variables left unfilled"),
      400: error(400, "Invalid input, an unknown conversation, or an order not of its customer"),
      404: error(404, "No such canned response"),
    },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/bridge/{action}",
    summary: "Test the team-chat bridge (`action`: `test`)",
    description: "Makes one real authenticated call to the configured platform.",
    params: z.object({ action: z.enum(["test"]) }),
    responses: { 200: json(AdminBridgeTestResponse, "The call's outcome"), 400: INVALID, 404: error(404, "No such action") },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/deliveries",
    summary: "The chat's outgoing deliveries, `dead` ones by default",
    query: AdminListDeliveries,
    responses: { 200: json(AdminChatDeliveryListResponse, "One page"), 400: INVALID },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/deliveries/{id}/retry",
    summary: "Give a dead delivery fresh attempts",
    params: IdParam("delivery"),
    responses: { 200: json(SuccessBody, "Due now"), 400: error(400, "The delivery is not dead"), 404: error(404, "No such delivery") },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/ratings/summary",
    summary: "Ratings per week and overall",
    query: AdminRatingsSummary,
    responses: { 200: json(AdminRatingsSummaryResponse, "The summary"), 400: INVALID },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/settings",
    summary: "The chat's settings (secrets write-only)",
    responses: { 200: json(AdminChatSettingsResponse, "The effective settings") },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/settings",
    summary: "Save the chat's settings (a blank secret keeps the stored one)",
    body: jsonBody(AdminUpdateChatSettings),
    responses: { 200: json(AdminChatSettingsResponse, "The effective settings"), 400: INVALID },
  }),
]

const HOOK_ROUTES: RouteDescription[] = [
  {
    method: "post",
    path: "/hooks/app/v1/bridge/incoming",
    tag: TAGS.hooks,
    summary: "A reply from a conversation's team-chat thread",
    description: "The companion bot relays it; `platform_message_id` makes a redelivery answer the same message.",
    access: "bridge",
    lanes: MEDUSA,
    body: jsonBody(HookBridgeIncoming),
    responses: {
      200: json(HookBridgeIncomingResponse, "Stored"),
      400: INVALID,
      401: error(401, "Missing or wrong `X-APP-Secret`"),
      404: error(404, "No conversation has this thread"),
      429: error(429, "Too many failed authentications from this address"),
      503: NOT_STORED,
      ...BODY_PARSER,
    },
  },
]

const SIGNUP_LINK_RESPONSES = {
  400: pageOrError("An invalid link (the page), or an unknown publishable key"),
}

const comingSoonStore = (route: Omit<RouteDescription, "tag" | "lanes">): RouteDescription => ({
  tag: TAGS.comingSoonStore,
  lanes: MEDUSA,
  ...route,
})

const COMING_SOON_STORE_ROUTES: RouteDescription[] = [
  comingSoonStore({
    method: "get",
    path: "/store/coming-soon/products/{product_id}",
    summary: "The coming-soon block's config for a product",
    access: "store",
    params: ProductIdParam,
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
    description:
      "Checked in the seed's order, cheap checks first: honeypot, signup token, per-IP limit, CAPTCHA, email, product. " +
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

const comingSoonAdmin = (route: Omit<RouteDescription, "tag" | "access" | "lanes">): RouteDescription =>
  admin({ ...route, tag: TAGS.comingSoonAdmin })

const NO_PRODUCT = error(404, "No such product")

const COMING_SOON_ADMIN_ROUTES: RouteDescription[] = [
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}",
    summary: "A product's coming-soon settings",
    params: ProductIdParam,
    responses: { 200: json(AdminProductComingSoonResponse, "The settings (defaults when none are saved)"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}",
    summary: "Save a product's coming-soon settings (partial update)",
    params: ProductIdParam,
    body: jsonBody(AdminUpdateProductComingSoon),
    responses: { 200: json(AdminProductComingSoonResponse, "The saved settings"), 400: INVALID, 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}/launch",
    summary: "The product's launch and its emails' progress",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchResponse, "The launch (`status: none` before one)"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}/launch",
    summary: "Launch the product now (once)",
    description: "A second launch answers the existing one and starts nothing.",
    params: ProductIdParam,
    body: jsonBody(AdminLaunchProduct),
    responses: {
      200: json(AdminLaunchResponse, "The launch"),
      400: error(400, "An invalid promotion"),
      404: NO_PRODUCT,
      409: error(409, "The product is not coming soon and was never launched"),
    },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}/launch/retry",
    summary: "Give the launch's dead emails fresh attempts",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchRetryResponse, "How many are due again"), 400: INVALID, 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}/stats",
    summary: "What the waitlist earned",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchStatsResponse, "The figures"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/settings",
    summary: "The coming-soon settings (secrets write-only)",
    responses: { 200: json(AdminComingSoonSettingsResponse, "The effective settings") },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/settings",
    summary: "Save the coming-soon settings (a blank secret keeps the stored one)",
    body: jsonBody(AdminUpdateComingSoonSettings),
    responses: { 200: json(AdminComingSoonSettingsResponse, "The effective settings"), 400: INVALID },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/signups",
    summary: "The signup ledger, newest first (`format=csv`: every matching row as CSV)",
    query: AdminListSignups,
    responses: {
      200: {
        description: "One page as JSON, or every matching row as CSV",
        content: {
          "application/json": { schema: AdminSignupListResponse },
          "text/csv": { schema: z.string().meta({ description: "RFC 4180, a header line, formula-safe cells." }) },
        },
      },
      400: INVALID,
    },
  }),
  comingSoonAdmin({
    method: "delete",
    path: "/admin/coming-soon/signups/{id}",
    summary: "Erase a signup (data-erasure request)",
    params: SignupIdParam,
    responses: { 200: json(AdminSignupErasureResponse, "Erased, and what the mailing list did"), 400: INVALID, 404: error(404, "No such signup") },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/signups/{id}/retry-sync",
    summary: "Give a dead signup fresh sync attempts",
    params: SignupIdParam,
    responses: { 200: json(SuccessBody, "Due now"), 400: error(400, "The signup's sync is not dead"), 404: error(404, "No such signup") },
  }),
]

const HEALTH_ROUTES: RouteDescription[] = [
  {
    method: "get",
    path: "/health",
    tag: TAGS.health,
    summary: "The fast lane is up",
    description: "Served by the fast lane (Medusa answers its own `/health` alike).",
    access: "public",
    lanes: ["fast-lane"],
    responses: { 200: { description: "`OK`", content: { "text/html": { schema: z.literal("OK") } } } },
  },
]

/**
 * What every route may answer besides its own statuses: Medusa's error handler's 500 for an
 * unexpected failure, and, for a GET answered in one piece (`res.json`, `res.send`), Express's
 * 304 with no body when the request's `If-None-Match` holds the answer's ETag (streams and
 * files piped out have no ETag).
 */
function withServerAnswers(route: RouteDescription): RouteDescription {
  const whole = Object.keys(route.responses[200]?.content ?? {}).some((type) => type === "application/json" || type === "text/html")
  const notModified = route.method === "get" && whole ? { 304: noContent("Not modified: `If-None-Match` holds the answer's ETag") } : NONE
  return { ...route, responses: { 500: error(500), ...route.responses, ...notModified } }
}

export const ROUTES: readonly RouteDescription[] = [
  ...VISITOR_ROUTES,
  ...ADMIN_CHAT_ROUTES,
  ...HOOK_ROUTES,
  ...COMING_SOON_STORE_ROUTES,
  ...COMING_SOON_ADMIN_ROUTES,
  ...HEALTH_ROUTES,
].map(withServerAnswers)
