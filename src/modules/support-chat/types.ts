import type { LaunchDeskPluginOptionsType } from "../../shared/plugin-options"

export type { CookieSameSite } from "../../shared/plugin-options"

/**
 * The plugin options as the chat reads them: every module of the plugin gets the same ones,
 * checked against their schema (src/shared/plugin-options/) when the module loads.
 */
export type SupportChatOptions = LaunchDeskPluginOptionsType
