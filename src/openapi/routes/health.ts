import { z } from "@medusajs/framework/zod"
import { TAGS, type RouteDescription } from "./route-kinds"

/** The fast lane's health check. */

export const HEALTH_ROUTES: RouteDescription[] = [
  {
    method: "get",
    path: "/health",
    tag: TAGS.health,
    summary: "The fast lane is up",
    description: "Served by the fast lane (Medusa answers its own `/health` alike).",
    access: "public",
    lanes: ["fast-lane"],
    responses: { 200: { description: "`OK`", content: { "text/html": { schema: z.literal("OK") } } } },
  },
]
