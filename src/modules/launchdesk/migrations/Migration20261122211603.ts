import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122211603 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "IDX_launchdesk_outbox_group_key_sort_key";`);
    this.addSql(`alter table if exists "launchdesk_outbox" drop column if exists "sort_key";`);

    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_group_key_id" ON "launchdesk_outbox" ("group_key", "id") WHERE status = 'pending' AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_launchdesk_outbox_group_key_id";`);

    this.addSql(`alter table if exists "launchdesk_outbox" add column if not exists "sort_key" integer not null default 0;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_group_key_sort_key" ON "launchdesk_outbox" ("group_key", "sort_key") WHERE status = 'pending' AND deleted_at IS NULL;`);
  }

}
