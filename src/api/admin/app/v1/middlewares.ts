import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../../../utils/validate-query"
import { AdminUpdateChatSettings } from "../../../../chat/settings"
import {
  AdminAddNote,
  AdminAssign,
  AdminCancelOrder,
  AdminCreateDiscount,
  AdminCreateCannedResponse,
  AdminGetConversation,
  AdminListCanned,
  AdminListConversations,
  AdminMarkRead,
  AdminRatingsSummary,
  AdminRenderCanned,
  AdminReportRange,
  AdminRefundOrder,
  AdminApplyCanned,
  AdminReply,
  AdminSetLabels,
  AdminTyping,
  AdminUpdateCannedResponse,
  AdminUploadAttachment,
} from "./validators"

const ADMIN = "/admin/app/v1"

/** The staff inbox's routes: conversations, replies, canned responses, settings, ratings. */
export const adminChatRoutesMiddlewares: MiddlewareRoute[] = [
  { matcher: `${ADMIN}/conversations`, methods: ["GET"], middlewares: [validateQuery(AdminListConversations)] },
  { matcher: `${ADMIN}/conversation/:id`, methods: ["GET"], middlewares: [validateQuery(AdminGetConversation)] },
  { matcher: `${ADMIN}/conversation/:id/typing`, methods: ["POST"], middlewares: [validateBody(AdminTyping)] },
  { matcher: `${ADMIN}/conversation/:id/read`, methods: ["POST"], middlewares: [validateBody(AdminMarkRead)] },
  { matcher: `${ADMIN}/conversation/:id/notes`, methods: ["POST"], middlewares: [validateBody(AdminAddNote)] },
  { matcher: `${ADMIN}/conversation/:id/labels`, methods: ["POST"], middlewares: [validateBody(AdminSetLabels)] },
  { matcher: `${ADMIN}/conversation/:id/discount`, methods: ["POST"], middlewares: [validateBody(AdminCreateDiscount)] },
  { matcher: `${ADMIN}/conversation/:id/orders/:order_id/cancel`, methods: ["POST"], middlewares: [validateBody(AdminCancelOrder)] },
  { matcher: `${ADMIN}/conversation/:id/orders/:order_id/refund`, methods: ["POST"], middlewares: [validateBody(AdminRefundOrder)] },
  { matcher: `${ADMIN}/reply`, methods: ["POST"], middlewares: [validateBody(AdminReply)] },
  { matcher: `${ADMIN}/attachments`, methods: ["POST"], middlewares: [validateQuery(AdminUploadAttachment)] },
  { matcher: `${ADMIN}/assign/:id`, methods: ["POST"], middlewares: [validateBody(AdminAssign)] },
  { matcher: `${ADMIN}/canned`, methods: ["GET"], middlewares: [validateQuery(AdminListCanned)] },
  { matcher: `${ADMIN}/canned`, methods: ["POST"], middlewares: [validateBody(AdminCreateCannedResponse)] },
  { matcher: `${ADMIN}/canned/:id`, methods: ["PUT", "PATCH"], middlewares: [validateBody(AdminUpdateCannedResponse)] },
  { matcher: `${ADMIN}/canned/:id/render`, methods: ["POST"], middlewares: [validateBody(AdminRenderCanned)] },
  { matcher: `${ADMIN}/canned/:id/apply`, methods: ["POST"], middlewares: [validateBody(AdminApplyCanned)] },
  { matcher: `${ADMIN}/settings`, methods: ["POST"], middlewares: [validateBody(AdminUpdateChatSettings)] },
  { matcher: `${ADMIN}/reports`, methods: ["GET"], middlewares: [validateQuery(AdminReportRange)] },
  { matcher: `${ADMIN}/reports/breakdown`, methods: ["GET"], middlewares: [validateQuery(AdminReportRange)] },
  { matcher: `${ADMIN}/conversations/export`, methods: ["GET"], middlewares: [validateQuery(AdminReportRange)] },
  { matcher: `${ADMIN}/ratings/summary`, methods: ["GET"], middlewares: [validateQuery(AdminRatingsSummary)] },
]
