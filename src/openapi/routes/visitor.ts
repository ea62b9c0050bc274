import { z } from "@medusajs/framework/zod"
import { SuccessBody } from "../../types/http/common"
import {
  StoreAutoReplyResponse,
  StoreLinkSessionResponse,
  StorePollResponse,
  StoreSendMessageResponse,
  StoreSessionResponse,
  StoreTranscriptResponse,
  UploadedAttachment,
} from "../../types/http/chat-visitor"
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
} from "../../chat/visitor/validators"
import { binary, error, eventStream, htmlPage, json, noContent, pageOrError } from "../responses"
import {
  BODY_PARSER,
  BOTH_LANES,
  FileForm,
  IdParam,
  jsonBody,
  LastEventId,
  LocaleHeader,
  LocaleQuery,
  MEDUSA,
  NOT_STORED,
  STORE_400,
  TAGS,
  type RouteDescription,
} from "./route-kinds"

/** The visitor chat's routes (the widget's), on both lanes unless said otherwise. */

const TranscriptLinkQuery = z.object({ token: z.string().optional().meta({ description: "The signed token of the link." }) })
const VISITOR_403 = error(
  403,
  "No session of its own: the `app_visitor_hash` cookie is missing or unknown, or its conversation belongs to a customer account the request is not signed in to"
)
const TOO_MANY = error(429)

const visitor = (route: Omit<RouteDescription, "tag" | "access" | "lanes"> & Partial<Pick<RouteDescription, "access" | "lanes">>): RouteDescription => ({
  tag: TAGS.visitor,
  access: "visitor",
  lanes: BOTH_LANES,
  ...route,
})

export const VISITOR_ROUTES: RouteDescription[] = [
  visitor({
    method: "post",
    path: "/store/app/v1/session",
    summary: "Resume the cookie's conversation or start one",
    description:
      "Sets the `app_visitor_hash` cookie for a new conversation. The latest 200 messages, oldest first, with `has_more` when older ones exist. " +
      "A signed-in shopper whose cookie holds a guest's conversation gets `link_offer`; `new_conversation: true` starts a new one instead.",
    access: "store",
    headers: LocaleHeader,
    query: LocaleQuery,
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
