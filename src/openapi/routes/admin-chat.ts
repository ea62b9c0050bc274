import { z } from "@medusajs/framework/zod"
import { int4Id, stringId } from "../../shared/input-schema"
import { SuccessBody } from "../../types/http/common"
import { UploadedAttachment } from "../../types/http/chat-visitor"
import { AdminReportBreakdownResponse, AdminReportResponse } from "../../types/http/admin-reports"
import {
  AdminAddNoteResponse,
  AdminApplyCannedResponse,
  AdminAssignResponse,
  AdminCreateDiscountResponse,
  AdminBridgeTestResponse,
  AdminCannedResponse,
  AdminCannedResponseListResponse,
  AdminChatDeliveryListResponse,
  AdminChatSettingsResponse,
  AdminConversationContextResponse,
  AdminConversationListResponse,
  AdminConversationResponse,
  AdminOrderActionResponse,
  AdminRatingsSummaryResponse,
  AdminRenderCannedResponse,
  AdminReplyResponse,
  AdminSetLabelsResponse,
} from "../../types/http/admin-inbox"
import {
  AdminAddNote,
  AdminApplyCanned,
  AdminAssign,
  AdminCancelOrder,
  AdminCreateDiscount,
  AdminCreateCannedResponse,
  AdminGetConversation,
  AdminListCanned,
  AdminListConversations,
  AdminMarkRead,
  AdminRatingsSummary,
  AdminRefundOrder,
  AdminRenderCanned,
  AdminReportRangeQuery,
  AdminReply,
  AdminSetLabels,
  AdminTyping,
  AdminUpdateCannedResponse,
  AdminUploadAttachment,
} from "../../api/admin/app/v1/validators"
import { AdminListDeliveries } from "../../api/admin/app/v1/deliveries/validators"
import { AdminUpdateChatSettings } from "../../chat/settings"
import { binary, error, eventStream, json, noContent } from "../responses"
import { admin, FileForm, IdParam, INVALID, jsonBody, LastEventId, NOT_STORED, type RouteDescription } from "./route-kinds"

/** The admin inbox's routes: conversations, attachments, canned responses, the bridge test, deliveries, ratings, settings. */

const ConversationIdParam = z.object({ id: int4Id().meta({ description: "The conversation id." }) })
const NO_CONVERSATION = error(404, "No such conversation")
const ConversationOrderParams = ConversationIdParam.extend({
  order_id: stringId().meta({ description: "The Medusa order id: one the conversation's context shows." }),
})
const NO_ORDER = error(404, "No such conversation, or the order is not one its context shows")
const MEDUSA_REFUSED = (what: string) => error(400, `Invalid input, or Medusa's own workflow refused ${what} (its error body and message, as Medusa gave them)`)

export const ADMIN_CHAT_ROUTES: RouteDescription[] = [
  admin({
    method: "get",
    path: "/admin/app/v1/conversations",
    summary: "List conversations, newest activity first",
    query: AdminListConversations,
    responses: { 200: json(AdminConversationListResponse, "One page"), 400: INVALID },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/conversations/export",
    summary: "Every message of the conversations started in a range, as CSV",
    query: AdminReportRangeQuery,
    responses: {
      200: {
        description: "One row a message, oldest conversation first",
        content: { "text/csv": { schema: z.string().meta({ description: "RFC 4180, a header line, formula-safe cells." }) } },
      },
      400: INVALID,
    },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/reports",
    summary: "Response and resolution times, ratings, per agent and per label",
    query: AdminReportRangeQuery,
    responses: { 200: json(AdminReportResponse, "The report"), 400: INVALID },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/reports/breakdown",
    summary: "The report's range per day, per agent and per label, with response and resolution times",
    query: AdminReportRangeQuery,
    responses: { 200: json(AdminReportBreakdownResponse, "The breakdown"), 400: INVALID },
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
    method: "post",
    path: "/admin/app/v1/conversation/{id}/notes",
    summary: "Add an internal note (never shown to the shopper)",
    params: ConversationIdParam,
    body: jsonBody(AdminAddNote),
    responses: { 200: json(AdminAddNoteResponse, "The note as stored"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/discount",
    summary: "Give the shopper a single-use discount code, sent in the thread",
    params: ConversationIdParam,
    body: jsonBody(AdminCreateDiscount),
    responses: { 200: json(AdminCreateDiscountResponse, "The code, sent as the agent's message"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/labels",
    summary: "Replace the conversation's labels",
    params: ConversationIdParam,
    body: jsonBody(AdminSetLabels),
    responses: { 200: json(AdminSetLabelsResponse, "The labels as stored"), 400: INVALID, 404: NO_CONVERSATION },
  }),
  admin({
    method: "get",
    path: "/admin/app/v1/conversation/{id}/context",
    summary: "The customer and orders beside a conversation",
    params: ConversationIdParam,
    responses: { 200: json(AdminConversationContextResponse, "The context"), 404: NO_CONVERSATION },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/orders/{order_id}/cancel",
    summary: "Cancel an order of the conversation's context through Medusa's cancel workflow",
    params: ConversationOrderParams,
    body: jsonBody(AdminCancelOrder),
    responses: {
      200: json(AdminOrderActionResponse, "The order as it is now, and the event line left in the thread"),
      400: MEDUSA_REFUSED("the cancel (a fulfilled or canceled order)"),
      404: NO_ORDER,
    },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/conversation/{id}/orders/{order_id}/refund",
    summary: "Refund part or all of an order of the conversation's context through Medusa's payment refund workflow",
    params: ConversationOrderParams,
    body: jsonBody(AdminRefundOrder),
    responses: {
      200: json(AdminOrderActionResponse, "The order as it is now, and the event line left in the thread"),
      400: MEDUSA_REFUSED("the refund (more than the captured amount left, no payment)"),
      404: NO_ORDER,
    },
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
    method: "get",
    path: "/admin/app/v1/canned/{id}",
    summary: "One canned response, with its translations",
    params: IdParam("canned response"),
    responses: { 200: json(AdminCannedResponse, "The canned response"), 404: error(404, "No such canned response") },
  }),
  admin({
    method: "delete",
    path: "/admin/app/v1/canned/{id}",
    summary: "Delete a canned response",
    params: IdParam("canned response"),
    responses: { 200: json(SuccessBody, "Deleted"), 400: INVALID, 404: error(404, "No such canned response") },
  }),
  admin({
    method: "post",
    path: "/admin/app/v1/canned/{id}/apply",
    summary: "Run a canned response's actions (labels, assign to me, close) in the conversation it was sent in",
    params: IdParam("canned response"),
    body: jsonBody(AdminApplyCanned),
    responses: {
      200: json(AdminApplyCannedResponse, "The conversation's labels, assignee and status after them"),
      400: error(400, "Invalid input, more than ten labels in all, or an API key asked to take the conversation"),
      404: error(404, "No such canned response or conversation"),
    },
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
