import { z } from "@medusajs/framework/zod"
import { Int4Id } from "./common"

/** The companion bot's hook (`/hooks/app/v1`). */

/** `POST /hooks/app/v1/bridge/incoming`: the stored `bridge` message (the same one for a redelivery). */
export const HookBridgeIncomingResponse = z
  .object({ success: z.literal(true), message_id: Int4Id })
  .meta({ id: "HookBridgeIncomingResponse" })
export type HookBridgeIncomingResponseType = z.infer<typeof HookBridgeIncomingResponse>
