import { authenticate, defineMiddlewares, validateAndTransformBody } from "@medusajs/framework/http"
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
import { HookBridgeIncoming } from "./hooks/app/v1/bridge/validators"
import { requireBridgeSecret } from "./hooks/app/v1/bridge/require-bridge-secret"
import {
  AdminListSignups,
  AdminUpdateComingSoonSettings,
  AdminUpdateProductComingSoon,
} from "./admin/coming-soon/validators"

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
    // The secret is checked before the body, so a caller without it learns nothing.
    {
      matcher: "/hooks/app/v1/bridge/incoming",
      methods: ["POST"],
      middlewares: [requireBridgeSecret, validateAndTransformBody(HookBridgeIncoming)],
    },
    {
      matcher: "/admin/coming-soon/products/:product_id",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminUpdateProductComingSoon)],
    },
    {
      matcher: "/admin/coming-soon/settings",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminUpdateComingSoonSettings)],
    },
    { matcher: "/admin/coming-soon/signups", methods: ["GET"], middlewares: [validateQuery(AdminListSignups)] },
    // The body is checked step by step inside, in the contract's order (honeypot first).
    {
      matcher: "/store/coming-soon/signup",
      methods: ["POST"],
      middlewares: [authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })],
    },
  ],
})
