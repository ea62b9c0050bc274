import { defineMiddlewares, validateAndTransformBody } from "@medusajs/framework/http"
import { validateQuery } from "./utils/validate-query"
import {
  AdminAssign,
  AdminCreateCannedResponse,
  AdminGetConversation,
  AdminListCanned,
  AdminListConversations,
  AdminReply,
  AdminUpdateCannedResponse,
} from "./admin/app/v1/validators"
import { AdminUpdateChatSettings } from "../chat/settings"

const ADMIN = "/admin/app/v1"

export default defineMiddlewares({
  routes: [
    { matcher: `${ADMIN}/conversations`, methods: ["GET"], middlewares: [validateQuery(AdminListConversations)] },
    { matcher: `${ADMIN}/conversation/:id`, methods: ["GET"], middlewares: [validateQuery(AdminGetConversation)] },
    { matcher: `${ADMIN}/reply`, methods: ["POST"], middlewares: [validateAndTransformBody(AdminReply)] },
    { matcher: `${ADMIN}/assign/:id`, methods: ["POST"], middlewares: [validateAndTransformBody(AdminAssign)] },
    { matcher: `${ADMIN}/canned`, methods: ["GET"], middlewares: [validateQuery(AdminListCanned)] },
    { matcher: `${ADMIN}/canned`, methods: ["POST"], middlewares: [validateAndTransformBody(AdminCreateCannedResponse)] },
    {
      matcher: `${ADMIN}/canned/:id`,
      methods: ["PUT", "PATCH"],
      middlewares: [validateAndTransformBody(AdminUpdateCannedResponse)],
    },
    { matcher: `${ADMIN}/settings`, methods: ["POST"], middlewares: [validateAndTransformBody(AdminUpdateChatSettings)] },
  ],
})
