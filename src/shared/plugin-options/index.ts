// Every plugin option, one file per area; this is what the rest of the plugin imports.
export { checkPluginOptions, unwrapped } from "./check"
export { CAPTCHA_PROVIDERS, type CaptchaProvider } from "./coming-soon"
export { COOKIE_SAME_SITE, type CookieSameSite } from "./chat"
export { optionDoc, type OptionDoc } from "./option-kinds"
export { LaunchDeskPluginOptions, type LaunchDeskPluginOptionsType } from "./schema"
