import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../utils/validate-query"
import { AdminListBackInStock, AdminListBackInStockSubscriptions } from "./validators"

/** Back in stock: the demand list, the subscriptions (JSON or CSV). */
export const adminBackInStockRoutesMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/back-in-stock", methods: ["GET"], middlewares: [validateQuery(AdminListBackInStock)] },
  { matcher: "/admin/back-in-stock/subscriptions", methods: ["GET"], middlewares: [validateQuery(AdminListBackInStockSubscriptions)] },
]
