import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Announces every stored message on the `launchdesk_chat_message` channel (payload
 * `<conversation_id>:<message_id>`, the statement's highest id per conversation), from the
 * inserting transaction, so listeners hear of it exactly when it commits. A trigger rather
 * than code in each insert: every path that stores a message (visitor, staff, bridge,
 * auto-reply, scripts) is covered, which the push streams and the poll cache rely on.
 * One notification per statement and conversation keeps bulk inserts cheap.
 */
export class Migration20261122220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE OR REPLACE FUNCTION launchdesk_notify_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('launchdesk_chat_message', conversation_id::text || ':' || max(id)::text)
  FROM inserted_messages GROUP BY conversation_id;
  RETURN NULL;
END;
$$;`)
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_chat_message_notify ON "chat_message";`)
    this.addSql(`CREATE TRIGGER launchdesk_chat_message_notify
  AFTER INSERT ON "chat_message"
  REFERENCING NEW TABLE AS inserted_messages
  FOR EACH STATEMENT EXECUTE FUNCTION launchdesk_notify_chat_message();`)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_chat_message_notify ON "chat_message";`)
    this.addSql(`DROP FUNCTION IF EXISTS launchdesk_notify_chat_message();`)
  }
}
