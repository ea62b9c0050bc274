import { model } from "@medusajs/framework/utils"

/**
 * The plugin's generated signing key (one row, `default`), used when no key is configured.
 * Not in the service's models: only `SigningKeyRepository` reads or writes it.
 */
export const SigningKey = model.define("launchdesk_signing_key", {
  id: model.text().primaryKey(),
  // 32 random bytes, base64.
  key: model.text(),
})
