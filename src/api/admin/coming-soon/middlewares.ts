import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../../utils/validate-query"
import { AdminLaunchProduct } from "../../../coming-soon/launch"
import { AdminListSignups, AdminUpdateComingSoonSettings, AdminUpdateProductComingSoon } from "./validators"

/** Coming-soon settings, launches and the signups ledger. */
export const adminComingSoonRoutesMiddlewares: MiddlewareRoute[] = [
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
]
