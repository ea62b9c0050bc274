import type { MedusaRequest } from "@medusajs/framework/http"
import { sessionLabelsFor } from "../chat/settings"
import { CONSENT_LABEL, consentTextFor } from "../coming-soon/consent"
import { widgetLabelSettingsOf } from "./chat"
import { requestedLocalesOf } from "./locale"

/**
 * The consent checkbox's text for a store request in `locale` (the store's override of the
 * block's `consentLabel`, else the block's own), read only when a signup ticked it.
 */
export const consentTextOf = (req: MedusaRequest, locale: string) => async (): Promise<string> => {
  const requested = requestedLocalesOf(req)
  const labels = sessionLabelsFor(await widgetLabelSettingsOf(req.scope), requested, locale)
  return consentTextFor(labels[CONSENT_LABEL], requested, locale)
}
