import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../utils/validate-query"
import { AdminListBackInStock } from "./validators"

/** Back in stock: the demand list. */
export const adminBackInStockRoutesMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/back-in-stock", methods: ["GET"], middlewares: [validateQuery(AdminListBackInStock)] },
]
