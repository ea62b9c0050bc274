import { z } from "@medusajs/framework/zod"
import { integer } from "../shared/input-schema"

// A code worth more than the product is no code a store means to send.
const MAX_PERCENTAGE = 100
const MAX_EXPIRY_DAYS = 3650

/**
 * A single-use code's offer, as the launch (CONTRACT §7) and the referral rewards (CONTRACT §12)
 * ask for it: a percentage or a fixed amount off the product, optionally expiring.
 */
export const PromotionOffer = z
  .object({
    type: z.enum(["percentage", "fixed"]),
    value: z.number().finite().positive(),
    currency_code: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code")
      .transform((code) => code.toLowerCase())
      .optional(),
    expires_in_days: integer({ min: 1, max: MAX_EXPIRY_DAYS, text: false }).optional(),
  })
  .strict()
  .superRefine((promotion, context) => {
    if (promotion.type === "percentage" && promotion.value > MAX_PERCENTAGE) {
      context.addIssue({ code: "custom", path: ["value"], message: "a percentage is at most 100" })
    }
    if (promotion.type === "fixed" && !promotion.currency_code) {
      context.addIssue({ code: "custom", path: ["currency_code"], message: "a fixed amount needs its currency" })
    }
  })
export type PromotionOfferType = z.infer<typeof PromotionOffer>
