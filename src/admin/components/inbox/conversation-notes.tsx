import { Button, Text, Textarea, toast } from "@medusajs/ui"
import { useState } from "react"
import { errorMessage, formatMessageTime } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { MAX_NOTE_LENGTH, useAddNote } from "../../lib/staff-marks-hooks"
import type { AdminNoteType } from "../../../types/http"

/**
 * Internal notes beside the thread: for the team only. They are stored apart from the
 * messages, so the shopper and the team-chat thread never receive them; the box says so.
 */
export function ConversationNotes({ conversationId, notes }: { conversationId: number; notes: AdminNoteType[] }) {
  const { t } = useT()
  const [text, setText] = useState("")
  const [open, setOpen] = useState(notes.length > 0)
  const addNote = useAddNote()

  const add = async () => {
    const note = text.trim()
    if (!note || addNote.isPending) return
    try {
      await addNote.mutateAsync({ conversationId, text: note })
      setText("")
    } catch (error) {
      toast.error(t("marks.noteNotSaved", { message: errorMessage(error) }))
    }
  }

  return (
    <section className="bg-ui-bg-subtle border-t px-6 py-3" aria-label={t("marks.notesTitle")} data-field="notes">
      <button
        type="button"
        className="text-ui-fg-subtle hover:text-ui-fg-base txt-compact-small-plus"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t("marks.notesToggle", { count: notes.length })}
      </button>
      {open && (
        <div className="mt-2 flex flex-col gap-y-2">
          <ul className="flex max-h-48 flex-col gap-y-2 overflow-y-auto">
            {notes.map((note) => (
              <li key={note.note_id} className="bg-ui-tag-orange-bg rounded-md px-3 py-2" data-note-id={note.note_id}>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {t("marks.noteBy", { name: note.author_name, time: formatMessageTime(note.created_at) })}
                </Text>
                <Text size="small" className="whitespace-pre-wrap break-words">
                  {note.text}
                </Text>
              </li>
            ))}
          </ul>
          <Textarea
            rows={2}
            value={text}
            maxLength={MAX_NOTE_LENGTH}
            placeholder={t("marks.notePlaceholder")}
            aria-label={t("marks.notePlaceholder")}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flex items-center justify-between gap-x-2">
            <Text size="xsmall" className="text-ui-fg-muted">
              {t("marks.notesPrivate")}
            </Text>
            <Button size="small" variant="secondary" onClick={add} isLoading={addNote.isPending} disabled={!text.trim()}>
              {t("marks.addNote")}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
