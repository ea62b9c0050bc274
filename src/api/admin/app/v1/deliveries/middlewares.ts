import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../../utils/validate-query"
import { AdminListDeliveries } from "./validators"

/** The failed deliveries' list (team-chat posts, visitor effects). */
export const adminDeliveriesRoutesMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/app/v1/deliveries", methods: ["GET"], middlewares: [validateQuery(AdminListDeliveries)] },
]
