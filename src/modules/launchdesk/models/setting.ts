import { model } from "@medusajs/framework/utils"

/** One stored setting (a value saved from the admin); plugin options still win over it. */
export const Setting = model.define("launchdesk_setting", {
  // Namespaced key, e.g. `chat.bridge.bot_token`.
  id: model.text().primaryKey(),
  value: model.json(),
})
