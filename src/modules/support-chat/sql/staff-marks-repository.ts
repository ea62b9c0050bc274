import type { SqlRunner } from "../../../shared/sql"
import type { AdminNoteEventType } from "../../../types/http/admin-inbox"

/** An internal note or an event line as staff read it (CONTRACT §11); the shopper never does. */
export type NoteDTO = {
  note_id: number
  conversation_id: number
  author_id: string | null
  author_name: string
  kind: "note" | "event"
  text: string
  event: AdminNoteEventType | null
  created_at: Date
}

export type NoteEvent = AdminNoteEventType

/** A discount sent in a conversation, as its event line recorded it. */
export type SentDiscount = { code: string; promotion_id: string; created_at: Date }

/** Discount codes the pane lists per conversation, newest first. */
export const DISCOUNTS_SHOWN = 50

/** Notes a conversation's page shows: the latest, oldest first. A longer history is rare and stays stored. */
export const NOTES_SHOWN = 200

const NOTE_COLUMNS = "id AS note_id, conversation_id, author_id, author_name, kind, text, data AS event, created_at"

/**
 * What staff keep on a conversation for themselves: internal notes and labels. Neither is a
 * message, so nothing that reads messages for the shopper or the team-chat thread sees them.
 */
export class StaffMarksRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * Stores a note on a live conversation, or an event line when `event` says what happened;
   * undefined when there is no such conversation.
   */
  async addNote(
    conversationId: number,
    author: { id: string | null; name: string },
    text: string,
    event: NoteEvent | null = null
  ): Promise<NoteDTO | undefined> {
    const [note] = await this.sql<NoteDTO>(
      `INSERT INTO chat_note (conversation_id, author_id, author_name, kind, text, data)
       SELECT id, ?, ?, ?, ?, ?::jsonb FROM chat_conversation WHERE id = ? AND deleted_at IS NULL
       RETURNING ${NOTE_COLUMNS}`,
      [author.id, author.name, event ? "event" : "note", text, event ? JSON.stringify(event) : null, conversationId]
    )
    return note
  }

  /** The discount codes sent in a conversation, newest first, from their event lines. */
  async discountsSent(conversationId: number): Promise<SentDiscount[]> {
    return this.sql<SentDiscount>(
      `SELECT data->>'code' AS code, data->>'promotion_id' AS promotion_id, created_at FROM chat_note
       WHERE conversation_id = ? AND kind = 'event' AND data->>'action' = 'discount_sent' AND deleted_at IS NULL
       ORDER BY id DESC LIMIT ?`,
      [conversationId, DISCOUNTS_SHOWN]
    )
  }

  /** Removes a note: a workflow's compensation, when a later step failed. */
  async removeNote(noteId: number): Promise<void> {
    await this.sql("DELETE FROM chat_note WHERE id = ?", [noteId])
  }

  /** The conversation's latest notes, oldest first. */
  async notesOf(conversationId: number): Promise<NoteDTO[]> {
    const notes = await this.sql<NoteDTO>(
      `SELECT ${NOTE_COLUMNS} FROM chat_note WHERE conversation_id = ? AND deleted_at IS NULL ORDER BY id DESC LIMIT ?`,
      [conversationId, NOTES_SHOWN]
    )
    return notes.reverse()
  }

  /** Replaces the conversation's labels; returns them as stored, or undefined when there is no such conversation. */
  async setLabels(conversationId: number, labels: string[]): Promise<{ labels: string[]; previous: string[] } | undefined> {
    const [row] = await this.sql<{ labels: string[]; previous: string[] }>(
      `UPDATE chat_conversation c SET labels = ARRAY(SELECT jsonb_array_elements_text(?::jsonb)), updated_at = now()
       FROM (SELECT id, labels AS previous FROM chat_conversation WHERE id = ? AND deleted_at IS NULL FOR UPDATE) old
       WHERE c.id = old.id RETURNING c.labels, old.previous`,
      // As JSON: a driver's array binding would spread the list into separate parameters.
      [JSON.stringify(labels), conversationId]
    )
    return row
  }
}
