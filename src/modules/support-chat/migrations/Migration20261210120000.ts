import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Word search over message text: a full-text GIN index (the `simple` configuration: no
 * stemming or stop words, so any language's words and order numbers match as typed). The
 * trigram index stays for fragments with punctuation (`100%`, `jane.doe`). An expression
 * index rather than a stored column: no table rewrite, and the model keeps its columns.
 */
export class Migration20261210120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_message_message_fts" ON "chat_message" USING gin (to_tsvector('simple', "message")) WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_message_message_fts";`)
  }
}
