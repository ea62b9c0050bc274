import { z } from "@medusajs/framework/zod"
import { clientIpResolver, DEFAULT_TRUST_PROXY } from "../client-ip"
import { DEFAULT_MAX_DELIVERY_ATTEMPTS } from "../lease/retry-policy"
import { doc, flag, group, text, wholeNumber } from "./option-kinds"

// Express's `trust proxy` values; a list Express would refuse is refused here with its reason.
const trustProxy = z
  .union([flag(), wholeNumber(0), text(), z.array(text())], {
    error: "expected false, true, a hop count, or proxy addresses (a list or one comma-separated string)",
  })
  .superRefine((value, context) => {
    // Only addresses can be malformed; a number or a boolean that passed is a valid value.
    if (typeof value === "number" || typeof value === "boolean") return
    try {
      clientIpResolver({ trustProxy: value })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      context.addIssue({ code: "custom", message: reason.replace(/^launchdesk: clientIp\.trustProxy:?\s*/, "") })
    }
  })

/** Options of the deliveries (posts, events, syncs) and of the client address every limit reads. */
export const deliveryOptions = {
  maxDeliveryAttempts: doc(wholeNumber(1).default(DEFAULT_MAX_DELIVERY_ATTEMPTS), {
    group: "Deliveries",
    description:
      "Attempts of a team-chat post, a fast-lane event or a mailing-list sync before it is set aside as `dead`: it stops holding back the posts queued behind it and shows in the admin with its last error and a Retry button",
  }),
  clientIp: doc(
    group({
      trustProxy: doc(trustProxy.default(DEFAULT_TRUST_PROXY), {
        description:
          "Which proxies in front of the store may name the client in `X-Forwarded-For`, for every per-IP limit on both lanes: Express's `trust proxy` values (`false`, `true`, a hop count, or addresses / CIDRs / `\"loopback\"` / `\"uniquelocal\"`). See [Client address](operations.md#client-address)",
      }),
    }).prefault({}),
    { group: "Client address" }
  ),
}
