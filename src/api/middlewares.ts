import {
  defineMiddlewares,
  errorHandler,
  type MedusaErrorHandlerFunction,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { validateBody, validateQuery } from "./utils/validate-query"
import { envelopeSignupErrors, SIGNUP_PATH } from "./utils/signup-envelope"
import {
  isMessageWriteError,
  MESSAGE_NOT_STORED,
  MESSAGE_RETRY_AFTER_SECONDS,
} from "../modules/support-chat/sql/message-write-error"
import { unavailable } from "../shared/outcome"
import { sendOutcome } from "../shared/send-outcome"
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
  AdminUploadAttachment,
  AdminTyping,
  AdminUpdateCannedResponse,
} from "./admin/app/v1/validators"
import { AdminUpdateChatSettings } from "../chat/settings"
import { AdminListDeliveries } from "./admin/app/v1/deliveries/validators"
import { HookBridgeIncoming } from "./hooks/app/v1/bridge/validators"
import { optionalCustomerAuth } from "../medusa/customer-auth"
import { keylessSignupLink } from "../medusa/coming-soon-signup-links"
import { keylessTranscriptConfirmation } from "../medusa/transcript-confirmation"
import { requireBridgeSecret } from "./hooks/app/v1/bridge/require-bridge-secret"
import {
  AdminListSignups,
  AdminUpdateComingSoonSettings,
  AdminUpdateProductComingSoon,
} from "./admin/coming-soon/validators"
import { AdminLaunchProduct } from "../coming-soon/launch"

const ADMIN = "/admin/app/v1"

const medusaErrorHandler = errorHandler()

/**
 * Medusa's error handler, with these exceptions:
 * - a path whose %-escapes do not decode (`/products/%ED%A0%80`): Express throws a URIError
 *   while matching a route parameter, which Medusa's handler would answer as a 500. No id can
 *   be named that way: a 404, as for any path id that cannot exist;
 * - a chat message the database refused (`MessageWriteError`, from the admin reply and the
 *   bridge hook): nothing of it was stored, so 503 with `Retry-After` as on the visitor routes,
 *   never a 500;
 * - an unsubscribe or confirmation link opened from an email, refused only for its missing
 *   publishable key: the link's page is served (see `keylessSignupLink`,
 *   `keylessTranscriptConfirmation`);
 * - the waitlist signup: its failures before the handler answer in the signup's envelope
 *   (`envelopeSignupErrors`).
 */
const launchdeskErrorHandler: MedusaErrorHandlerFunction = (error, req, res, next) => {
  if (isMessageWriteError(error)) {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`launchdesk: ${error.message} (${req.method} ${req.path})`)
    sendOutcome(res, unavailable(MESSAGE_NOT_STORED, MESSAGE_RETRY_AFTER_SECONDS))
    return
  }
  const signupLink = keylessSignupLink(error, req) ?? keylessTranscriptConfirmation(error, req)
  if (signupLink) {
    signupLink(req, res).catch((failure: unknown) => medusaErrorHandler(failure, req, res, next))
    return
  }
  envelopeSignupErrors(req, res)
  medusaErrorHandler(
    error instanceof URIError
      ? new MedusaError(MedusaError.Types.NOT_FOUND, "Nothing is found at a path with a malformed %-escape")
      : error,
    req,
    res,
    next
  )
}

export default defineMiddlewares({
  errorHandler: launchdeskErrorHandler,
  routes: [
    { matcher: `${ADMIN}/conversations`, methods: ["GET"], middlewares: [validateQuery(AdminListConversations)] },
    { matcher: `${ADMIN}/conversation/:id`, methods: ["GET"], middlewares: [validateQuery(AdminGetConversation)] },
    { matcher: `${ADMIN}/conversation/:id/typing`, methods: ["POST"], middlewares: [validateBody(AdminTyping)] },
    { matcher: `${ADMIN}/conversation/:id/read`, methods: ["POST"], middlewares: [validateBody(AdminMarkRead)] },
    { matcher: `${ADMIN}/reply`, methods: ["POST"], middlewares: [validateBody(AdminReply)] },
    { matcher: `${ADMIN}/attachments`, methods: ["POST"], middlewares: [validateQuery(AdminUploadAttachment)] },
    { matcher: `${ADMIN}/assign/:id`, methods: ["POST"], middlewares: [validateBody(AdminAssign)] },
    { matcher: `${ADMIN}/canned`, methods: ["GET"], middlewares: [validateQuery(AdminListCanned)] },
    { matcher: `${ADMIN}/canned`, methods: ["POST"], middlewares: [validateBody(AdminCreateCannedResponse)] },
    {
      matcher: `${ADMIN}/canned/:id`,
      methods: ["PUT", "PATCH"],
      middlewares: [validateBody(AdminUpdateCannedResponse)],
    },
    { matcher: `${ADMIN}/canned/:id/render`, methods: ["POST"], middlewares: [validateBody(AdminRenderCanned)] },
    { matcher: `${ADMIN}/settings`, methods: ["POST"], middlewares: [validateBody(AdminUpdateChatSettings)] },
    { matcher: `${ADMIN}/deliveries`, methods: ["GET"], middlewares: [validateQuery(AdminListDeliveries)] },
    { matcher: `${ADMIN}/ratings/summary`, methods: ["GET"], middlewares: [validateQuery(AdminRatingsSummary)] },
    // The secret is checked before the body, so a caller without it learns nothing.
    {
      matcher: "/hooks/app/v1/bridge/incoming",
      methods: ["POST"],
      middlewares: [requireBridgeSecret, validateBody(HookBridgeIncoming)],
    },
    {
      matcher: "/admin/coming-soon/products/:product_id",
      methods: ["POST"],
      middlewares: [validateBody(AdminUpdateProductComingSoon)],
    },
    {
      matcher: "/admin/coming-soon/products/:product_id/launch",
      methods: ["POST"],
      middlewares: [validateBody(AdminLaunchProduct)],
    },
    {
      matcher: "/admin/coming-soon/settings",
      methods: ["POST"],
      middlewares: [validateBody(AdminUpdateComingSoonSettings)],
    },
    { matcher: "/admin/coming-soon/signups", methods: ["GET"], middlewares: [validateQuery(AdminListSignups)] },
    // The body is checked step by step inside, in the contract's order (honeypot first).
    {
      matcher: SIGNUP_PATH,
      methods: ["POST"],
      middlewares: [optionalCustomerAuth],
    },
    // A signed-in shopper's conversation is linked to their account (src/chat/visitor).
    { matcher: "/store/app/v1/*", middlewares: [optionalCustomerAuth] },
  ],
})
