import type { z } from "@medusajs/framework/zod"
import { autoReplyOptions } from "./auto-reply"
import { bridgeOptions } from "./bridge"
import { chatOptions } from "./chat"
import { comingSoonOptions } from "./coming-soon"
import { deliveryOptions } from "./deliveries"
import { group } from "./option-kinds"
import { pushOptions } from "./push"

/**
 * Every plugin option in one schema: its type, its default and the line that documents it.
 * The modules check the options against it when they load (`checkPluginOptions`), and the
 * table in docs/configuration.md is generated from it (`npm run docs:options`). The code that
 * reads an option still applies its own default; a test holds the two to the same value.
 */

/** The plugin's options, as a store owner writes them in medusa-config; each area's, in the docs table's order. */
export const LaunchDeskPluginOptions = group({
  ...deliveryOptions,
  ...chatOptions,
  ...pushOptions,
  ...autoReplyOptions,
  ...bridgeOptions,
  ...comingSoonOptions,
})

/** The options as written in medusa-config: every option may be left out. */
export type LaunchDeskPluginOptionsType = z.input<typeof LaunchDeskPluginOptions>
