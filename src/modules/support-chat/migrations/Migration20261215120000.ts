import { Migration } from "@medusajs/framework/mikro-orm/migrations"

const NOTIFY_ALWAYS = `CREATE OR REPLACE FUNCTION launchdesk_notify_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('launchdesk_chat_message', conversation_id::text || ':' || max(id)::text)
  FROM inserted_messages GROUP BY conversation_id;
  RETURN NULL;
END;
$$;`

/**
 * The `chat_message` trigger stays quiet in a transaction that set `launchdesk.fanout` to
 * 'redis' (`set_config(..., true)`, so for that transaction only): a process on the Redis
 * push fan-out publishes its messages after commit, and skipping NOTIFY spares it
 * PostgreSQL's commit-time notify lock. Every other insert notifies exactly as before.
 */
export class Migration20261215120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE OR REPLACE FUNCTION launchdesk_notify_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('launchdesk.fanout', true) = 'redis' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('launchdesk_chat_message', conversation_id::text || ':' || max(id)::text)
  FROM inserted_messages GROUP BY conversation_id;
  RETURN NULL;
END;
$$;`)
  }

  override async down(): Promise<void> {
    this.addSql(NOTIFY_ALWAYS)
  }
}
