import type { LaunchDeskPluginOptionsType } from "../../shared/plugin-options"

export { CAPTCHA_PROVIDERS, type CaptchaProvider } from "../../shared/plugin-options"

/**
 * The plugin options as the coming-soon feature reads them: every module of the plugin gets the
 * same ones, checked against their schema (src/shared/plugin-options/) when the module loads.
 */
export type ComingSoonOptions = LaunchDeskPluginOptionsType
