import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Waiting alerts: when a conversation's wait began and whether it was alerted. A trigger rather
 * than code in each statement: every path that changes `status` (visitor, staff, bridge,
 * close, a compensation, the fast lane, scripts) starts or ends a wait the same way.
 */
export class Migration20261218120300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation"
  add column if not exists "waiting_since" timestamptz null,
  add column if not exists "waiting_alert_sent_at" timestamptz null,
  add column if not exists "waiting_alert_claimed_until" timestamptz null,
  add column if not exists "waiting_alert_attempts" integer not null default 0;`)
    // Already waiting before the upgrade: counted from their latest message and taken as
    // alerted, so the first run after an upgrade does not email about every old wait.
    this.addSql(`update "chat_conversation"
  set "waiting_since" = coalesce("last_message_at", "created_at"), "waiting_alert_sent_at" = now()
  where "status" = 'waiting' and "waiting_since" is null;`)
    this.addSql(`CREATE OR REPLACE FUNCTION launchdesk_chat_conversation_wait() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'waiting' THEN
    IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'waiting' THEN
      NEW.waiting_since := now();
      NEW.waiting_alert_sent_at := NULL;
      NEW.waiting_alert_claimed_until := NULL;
    END IF;
  ELSE
    NEW.waiting_since := NULL;
  END IF;
  RETURN NEW;
END;
$$;`)
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_chat_conversation_wait ON "chat_conversation";`)
    this.addSql(`CREATE TRIGGER launchdesk_chat_conversation_wait
  BEFORE INSERT OR UPDATE OF status ON "chat_conversation"
  FOR EACH ROW EXECUTE FUNCTION launchdesk_chat_conversation_wait();`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_waiting_since" ON "chat_conversation" ("waiting_since") WHERE status = 'waiting' AND waiting_alert_sent_at IS NULL AND deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_chat_conversation_waiting_since";`)
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_chat_conversation_wait ON "chat_conversation";`)
    this.addSql(`DROP FUNCTION IF EXISTS launchdesk_chat_conversation_wait();`)
    this.addSql(`alter table if exists "chat_conversation"
  drop column if exists "waiting_since",
  drop column if exists "waiting_alert_sent_at",
  drop column if exists "waiting_alert_claimed_until",
  drop column if exists "waiting_alert_attempts";`)
  }
}
