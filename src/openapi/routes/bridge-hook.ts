import { HookBridgeIncomingResponse } from "../../types/http/hooks"
import { HookBridgeIncoming } from "../../api/hooks/app/v1/bridge/validators"
import { error, json } from "../responses"
import { BODY_PARSER, INVALID, jsonBody, MEDUSA, NOT_STORED, TAGS, type RouteDescription } from "./route-kinds"

/** The team-chat bridge's hook: the companion bot's way in. */

export const HOOK_ROUTES: RouteDescription[] = [
  {
    method: "post",
    path: "/hooks/app/v1/bridge/incoming",
    tag: TAGS.hooks,
    summary: "A reply from a conversation's team-chat thread",
    description: "The companion bot relays it; `platform_message_id` makes a redelivery answer the same message.",
    access: "bridge",
    lanes: MEDUSA,
    body: jsonBody(HookBridgeIncoming),
    responses: {
      200: json(HookBridgeIncomingResponse, "Stored"),
      400: INVALID,
      401: error(401, "Missing or wrong `X-APP-Secret`"),
      404: error(404, "No conversation has this thread"),
      429: error(429, "Too many failed authentications from this address"),
      503: NOT_STORED,
      ...BODY_PARSER,
    },
  },
]
