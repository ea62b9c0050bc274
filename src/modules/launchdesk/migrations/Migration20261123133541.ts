import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123133541 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "launchdesk_outbox" drop constraint if exists "launchdesk_outbox_status_check";`);

    this.addSql(`alter table if exists "launchdesk_outbox" add constraint "launchdesk_outbox_status_check" check("status" in ('pending', 'done', 'failed', 'dead'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "launchdesk_outbox" drop constraint if exists "launchdesk_outbox_status_check";`);

    this.addSql(`alter table if exists "launchdesk_outbox" add constraint "launchdesk_outbox_status_check" check("status" in ('pending', 'done', 'failed'));`);
  }

}
