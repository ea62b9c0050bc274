import type { MedusaContainer } from "@medusajs/framework/types"
import type { MedusaRequest } from "@medusajs/framework/http"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import { LOCALE_HEADER, requestedLocales, resolveLocale, storeLanguages, type StoreLanguages } from "../shared/locale"

/** The store's languages (src/shared/locale.ts), read as the fast lane reads them. */
export async function storeLanguagesOf(container: MedusaContainer): Promise<StoreLanguages> {
  const launchdesk = container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
  return storeLanguages(await (await launchdesk.languages()).read())
}

/**
 * The locales a store route's request asks for: Medusa's locale middleware took `locale` out
 * of the query into `req.locale` (preferring it to the header); the contract reads the header
 * first, so it is read here itself.
 */
export const requestedLocalesOf = (req: MedusaRequest): unknown[] => requestedLocales(req.get(LOCALE_HEADER), req.locale)

/** The store's language for a store route's request. */
export async function requestLocaleOf(req: MedusaRequest): Promise<string> {
  return resolveLocale(requestedLocalesOf(req), await storeLanguagesOf(req.scope))
}
