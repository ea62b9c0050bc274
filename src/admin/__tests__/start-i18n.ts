import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import resources from "../i18n"

/**
 * Starts i18next with the plugin's translations the way the dashboard does (its instance, handed
 * to react-i18next), so code outside a component translates in a unit spec as in the browser.
 */
export async function startI18n(language = "en") {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: "en",
      supportedLngs: Object.keys(resources),
      interpolation: { escapeValue: false },
    })
  }
  await i18next.changeLanguage(language)
}
