import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123133542 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop constraint if exists "cs_signup_sync_status_check";`);

    this.addSql(`alter table if exists "cs_signup" add constraint "cs_signup_sync_status_check" check("sync_status" in ('pending', 'synced', 'skipped', 'dead'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop constraint if exists "cs_signup_sync_status_check";`);

    this.addSql(`alter table if exists "cs_signup" add constraint "cs_signup_sync_status_check" check("sync_status" in ('pending', 'synced', 'skipped'));`);
  }

}
