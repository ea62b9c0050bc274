import type { AdminLaunchBodyType } from "../../types/http"
import { t as translate } from "./i18n"

/** A single-use code's offer as the API takes it (the launch's and each referral reward step's). */
export type PromotionOffer = NonNullable<AdminLaunchBodyType["promotion"]>

/** An offer's fields as typed into a form. */
export type OfferFields = { type: PromotionOffer["type"]; value: string; currency_code: string; expires_in_days: string }

export const EMPTY_OFFER: OfferFields = { type: "percentage", value: "", currency_code: "", expires_in_days: "" }

/** A saved offer back in its form's fields. */
export const offerFieldsOf = (offer: PromotionOffer): OfferFields => ({
  type: offer.type,
  value: String(offer.value),
  currency_code: offer.currency_code?.toUpperCase() ?? "",
  expires_in_days: offer.expires_in_days === undefined ? "" : String(offer.expires_in_days),
})

/** The offer as the API takes it, or what is wrong with it (the API's own rules, checked first). */
export function offerOf(fields: OfferFields): { offer: PromotionOffer } | { error: string } {
  const value = Number(fields.value)
  if (!fields.value.trim() || !Number.isFinite(value) || value <= 0) return { error: translate("launch.errorValue") }
  if (fields.type === "percentage" && value > 100) return { error: translate("launch.errorPercent") }
  if (fields.type === "fixed" && !/^[A-Za-z]{3}$/.test(fields.currency_code.trim())) return { error: translate("launch.errorCurrency") }
  const days = fields.expires_in_days.trim()
  if (days && !/^\d{1,4}$/.test(days)) return { error: translate("launch.errorExpiry") }
  return {
    offer: {
      type: fields.type,
      value,
      ...(fields.type === "fixed" ? { currency_code: fields.currency_code.trim().toLowerCase() } : {}),
      ...(days ? { expires_in_days: Number(days) } : {}),
    },
  }
}
