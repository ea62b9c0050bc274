import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Conversations keep the SHA-256 of the visitor's cookie instead of the cookie itself
 * (visitor-token.ts). Existing rows are digested in place, so every open chat carries on.
 */
export class Migration20261201130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `UPDATE "chat_conversation" SET "visitor_hash" = encode(sha256(convert_to("visitor_hash", 'UTF8')), 'hex');`
    )
  }

  override async down(): Promise<void> {
    // A digest cannot be undone: after a rollback, visitors simply start new conversations.
  }
}
