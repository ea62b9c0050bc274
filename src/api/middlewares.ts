import {
  defineMiddlewares,
  errorHandler,
  type MedusaErrorHandlerFunction,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { envelopeSignupErrors } from "./utils/signup-envelope"
import { withMalformedPathAsNotFound } from "./utils/malformed-path"
import {
  isMessageWriteError,
  MESSAGE_NOT_STORED,
  MESSAGE_RETRY_AFTER_SECONDS,
} from "../modules/support-chat/sql/message-write-error"
import { unavailable } from "../shared/outcome"
import { sendOutcome } from "../shared/send-outcome"
import { keylessSignupLink } from "../medusa/coming-soon-signup-links"
import { keylessWaitlistStatus } from "../medusa/coming-soon-status"
import { keylessTranscriptConfirmation } from "../medusa/transcript-confirmation"
import { adminChatRoutesMiddlewares } from "./admin/app/v1/middlewares"
import { adminDeliveriesRoutesMiddlewares } from "./admin/app/v1/deliveries/middlewares"
import { adminComingSoonRoutesMiddlewares } from "./admin/coming-soon/middlewares"
import { adminBackInStockRoutesMiddlewares } from "./admin/back-in-stock/middlewares"
import { hookBridgeRoutesMiddlewares } from "./hooks/app/v1/bridge/middlewares"
import { storeChatRoutesMiddlewares } from "./store/app/v1/middlewares"
import { storeComingSoonRoutesMiddlewares } from "./store/coming-soon/middlewares"
import { storeBackInStockRoutesMiddlewares } from "./store/back-in-stock/middlewares"

const medusaErrorHandler = errorHandler()

/**
 * Medusa's error handler, with these exceptions:
 * - a path whose %-escapes do not decode (`/products/%ED%A0%80`): Express throws a URIError
 *   while matching a route parameter, which Medusa's handler would answer as a 500. No id can
 *   be named that way: a 404, as for any path id that cannot exist;
 * - a chat message the database refused (`MessageWriteError`, from the admin reply and the
 *   bridge hook): nothing of it was stored, so 503 with `Retry-After` as on the visitor routes,
 *   never a 500;
 * - an unsubscribe, confirmation or status link opened from an email, refused only for its
 *   missing publishable key: the link's page is served (see `keylessSignupLink`,
 *   `keylessWaitlistStatus`, `keylessTranscriptConfirmation`);
 * - the waitlist signup: its failures before the handler answer in the signup's envelope
 *   (`envelopeSignupErrors`).
 */
const launchdeskErrorHandler: MedusaErrorHandlerFunction = (error, req, res, next) => {
  if (isMessageWriteError(error)) {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`launchdesk: ${error.message} (${req.method} ${req.path})`)
    sendOutcome(res, unavailable(MESSAGE_NOT_STORED, MESSAGE_RETRY_AFTER_SECONDS))
    return
  }
  const signupLink = keylessSignupLink(error, req) ?? keylessWaitlistStatus(error, req) ?? keylessTranscriptConfirmation(error, req)
  if (signupLink) {
    signupLink(req, res).catch((failure: unknown) => medusaErrorHandler(failure, req, res, next))
    return
  }
  envelopeSignupErrors(req, res)
  medusaErrorHandler(withMalformedPathAsNotFound(error), req, res, next)
}

/** Each API resource keeps its routes' middlewares beside its validators; this file joins them. */
export default defineMiddlewares({
  errorHandler: launchdeskErrorHandler,
  routes: [
    ...adminChatRoutesMiddlewares,
    ...adminDeliveriesRoutesMiddlewares,
    ...adminComingSoonRoutesMiddlewares,
    ...adminBackInStockRoutesMiddlewares,
    ...hookBridgeRoutesMiddlewares,
    ...storeComingSoonRoutesMiddlewares,
    ...storeBackInStockRoutesMiddlewares,
    ...storeChatRoutesMiddlewares,
  ],
})
