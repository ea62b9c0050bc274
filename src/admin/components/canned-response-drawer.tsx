import { Button, Drawer, Input, Label, Text, Textarea, toast } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { useCreateCanned, useUpdateCanned } from "../lib/chat-hooks"
import { errorMessage } from "../lib/format"
import type { CannedResponse } from "../lib/types"

export type CannedDraft = {
  question: string
  response: string
  category: string
  /** Set when the answer is saved from a visitor's message in the inbox. */
  source_message_id?: number
}

export const emptyDraft: CannedDraft = { question: "", response: "", category: "" }

export const draftOf = (canned: CannedResponse): CannedDraft => ({
  question: canned.question,
  response: canned.response,
  category: canned.category ?? "",
})

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The response being edited; a new one is created when absent. */
  editing?: CannedResponse
  initial: CannedDraft
}

/** Create or edit one canned response. */
export function CannedResponseDrawer({ open, onOpenChange, editing, initial }: Props) {
  const [draft, setDraft] = useState(initial)
  const create = useCreateCanned()
  const update = useUpdateCanned()
  const saving = create.isPending || update.isPending

  // Start from `initial` each time the drawer opens, not on every render of the parent.
  useEffect(() => {
    if (open) setDraft(initial)
  }, [open])

  const set = (field: keyof CannedDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const fields = { question: draft.question, response: draft.response, category: draft.category.trim() || null }
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...fields })
        toast.success("Canned response saved")
      } else {
        await create.mutateAsync({ ...fields, source_message_id: draft.source_message_id ?? null })
        toast.success("Canned response created")
      }
      onOpenChange(false)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const filled = draft.question.trim() !== "" && draft.response.trim() !== ""

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content aria-describedby={undefined}>
        <form onSubmit={submit} className="flex h-full flex-col overflow-hidden">
          <Drawer.Header>
            <Drawer.Title>{editing ? "Edit canned response" : "New canned response"}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {draft.source_message_id !== undefined && (
              <Text size="small" className="text-ui-fg-subtle">
                Saved from visitor message #{draft.source_message_id}.
              </Text>
            )}
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="canned-question">Question</Label>
              <Textarea
                id="canned-question"
                value={draft.question}
                onChange={(event) => set("question")(event.target.value)}
                rows={3}
                maxLength={1000}
                autoFocus
              />
            </div>
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="canned-response">Response</Label>
              <Textarea
                id="canned-response"
                value={draft.response}
                onChange={(event) => set("response")(event.target.value)}
                rows={6}
                maxLength={5000}
              />
            </div>
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="canned-category">Category (optional)</Label>
              <Input
                id="canned-category"
                value={draft.category}
                onChange={(event) => set("category")(event.target.value)}
                maxLength={100}
                placeholder="e.g. Shipping"
              />
            </div>
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button variant="secondary" size="small" type="button">
                Cancel
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={saving} disabled={!filled}>
              Save
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
