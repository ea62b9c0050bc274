import { XMarkMini } from "@medusajs/icons"
import { Badge, Input, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { errorMessage } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { MAX_LABEL_LENGTH, MAX_LABELS, useSetLabels } from "../../lib/staff-marks-hooks"

/** The conversation's labels, each removable, and a field that adds one (Enter). Staff only. */
export function ConversationLabels({ conversationId, labels }: { conversationId: number; labels: string[] }) {
  const { t } = useT()
  const [draft, setDraft] = useState("")
  const setLabels = useSetLabels()
  const full = labels.length >= MAX_LABELS

  const save = async (next: string[]) => {
    try {
      await setLabels.mutateAsync({ conversationId, labels: next })
      return true
    } catch (error) {
      toast.error(t("marks.labelsNotSaved", { message: errorMessage(error) }))
      return false
    }
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    const label = draft.trim()
    if (!label || full || setLabels.isPending) return
    if (labels.includes(label) || (await save([...labels, label]))) setDraft("")
  }

  return (
    <div className="flex flex-wrap items-center gap-1.5" data-field="labels">
      <Text size="small" className="text-ui-fg-subtle">
        {t("marks.labels")}
      </Text>
      {labels.map((label) => (
        <Badge key={label} size="2xsmall" className="gap-x-0.5" data-label={label}>
          {label}
          <button
            type="button"
            className="text-ui-fg-muted hover:text-ui-fg-base rounded-sm"
            aria-label={t("marks.removeLabel", { label })}
            disabled={setLabels.isPending}
            onClick={() => void save(labels.filter((other) => other !== label))}
          >
            <XMarkMini />
          </button>
        </Badge>
      ))}
      <form onSubmit={add} className="inline-flex">
        <Input
          size="small"
          className="h-6 w-36"
          value={draft}
          maxLength={MAX_LABEL_LENGTH}
          disabled={full}
          placeholder={full ? t("marks.labelsFull", { max: MAX_LABELS }) : t("marks.addLabel")}
          aria-label={t("marks.addLabel")}
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
    </div>
  )
}
