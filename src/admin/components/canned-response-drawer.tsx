import { Checkbox, Drawer, Input, Label, Text, Textarea } from "@medusajs/ui"
import { useRef, useState, type FormEvent } from "react"
import { useCreateCanned, useUpdateCanned } from "../lib/chat-hooks"
import { useT } from "../lib/i18n"
import { toastAction } from "../lib/toast-action"
import type { CannedActions, CannedResponse, CannedTranslations } from "../lib/types"
import { useOnChange } from "../lib/use-on-change"
import { FormField, textInput } from "./form-field"
import { DrawerHeader, DrawerSaveFooter } from "./list-parts"
import { rowsOf, translationsOf, type TranslatedField, type TranslationRow } from "../lib/translations"
import { TranslationsEditor } from "./translations-editor"

export type CannedDraft = {
  question: string
  response: string
  category: string
  /** Set when the answer is saved from a visitor's message in the inbox. */
  source_message_id?: number
  /** Per-locale variants, edited where the server keeps them. */
  translations: TranslationRow[]
  /** What sending it also does: labels (comma-separated as typed), take the conversation, close it. */
  labels: string
  assignToMe: boolean
  close: boolean
}

export const emptyDraft: CannedDraft = { question: "", response: "", category: "", translations: [], labels: "", assignToMe: false, close: false }

export const draftOf = (canned: CannedResponse): CannedDraft => ({
  question: canned.question,
  response: canned.response,
  category: canned.category ?? "",
  translations: rowsOf(canned.translations),
  labels: canned.actions?.labels?.join(", ") ?? "",
  assignToMe: Boolean(canned.actions?.assign_to_me),
  close: Boolean(canned.actions?.close),
})

/** The draft's actions as the server takes them: null when it does nothing besides its text. */
function actionsOf(draft: CannedDraft): CannedActions | null {
  const labels = [...new Set(draft.labels.split(",").map((label) => label.trim()).filter(Boolean))]
  const actions: CannedActions = {
    ...(labels.length ? { labels } : {}),
    ...(draft.assignToMe ? { assign_to_me: true as const } : {}),
    ...(draft.close ? { close: true as const } : {}),
  }
  return Object.keys(actions).length ? actions : null
}

/** The checked rows in the canned response's shape: the response always, the question when given. */
const cannedTranslations = (rows: Record<string, Record<string, string>>): CannedTranslations =>
  Object.fromEntries(
    Object.entries(rows).map(([locale, values]) => [locale, { response: values.response, ...(values.question && { question: values.question }) }])
  )

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The response being edited; a new one is created when absent. */
  editing?: CannedResponse
  initial: CannedDraft
  /** The server keeps per-locale variants (its canned responses carry `translations`). */
  translatable?: boolean
}

/** Create or edit one canned response. */
export function CannedResponseDrawer({ open, onOpenChange, editing, initial, translatable = false }: Props) {
  const { t } = useT()
  const [draft, setDraft] = useState(initial)
  const [translationError, setTranslationError] = useState<string>()
  const translatedFields: TranslatedField[] = [
    { key: "question", label: t("canned.question") },
    { key: "response", label: t("canned.response"), multiline: true, required: true },
  ]
  const create = useCreateCanned()
  const update = useUpdateCanned()
  const saving = create.isPending || update.isPending

  const questionRef = useRef<HTMLTextAreaElement>(null)

  // Start from `initial` each time the drawer opens, not on every render of the parent.
  useOnChange(open, (opened) => {
    if (opened) {
      setDraft(initial)
      setTranslationError(undefined)
    }
  })

  const text = (field: "question" | "response" | "category" | "labels") =>
    textInput({ value: draft[field], onChange: (value) => setDraft((current) => ({ ...current, [field]: value })) })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = translatable ? translationsOf(draft.translations, translatedFields) : undefined
    if (checked && "error" in checked) return setTranslationError(checked.error)
    setTranslationError(undefined)
    const fields = {
      question: draft.question,
      response: draft.response,
      category: draft.category.trim() || null,
      ...(checked && { translations: cannedTranslations(checked.translations) }),
      actions: actionsOf(draft),
    }
    const saveDraft = () =>
      editing
        ? update.mutateAsync({ id: editing.id, ...fields })
        : create.mutateAsync({ ...fields, source_message_id: draft.source_message_id ?? null })
    const saved = await toastAction(saveDraft, { success: editing ? t("canned.toastSaved") : t("canned.toastCreated") })
    if (saved) onOpenChange(false)
  }

  const filled = draft.question.trim() !== "" && draft.response.trim() !== ""

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      {/* The question, not the header's close button, takes the focus when the drawer opens. */}
      <Drawer.Content
        aria-describedby={undefined}
        data-launchdesk-overlay="canned-response"
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          questionRef.current?.focus()
        }}
      >
        <form onSubmit={submit} className="flex h-full flex-col overflow-hidden">
          <DrawerHeader title={editing ? t("canned.editTitle") : t("canned.newTitle")} />
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {draft.source_message_id !== undefined && (
              <Text size="small" className="text-ui-fg-subtle">
                {t("canned.savedFromMessage", { id: draft.source_message_id })}
              </Text>
            )}
            <FormField label={<Label htmlFor="canned-question">{t("canned.question")}</Label>}>
              <Textarea id="canned-question" ref={questionRef} {...text("question")} rows={3} maxLength={1000} />
            </FormField>
            <FormField label={<Label htmlFor="canned-response">{t("canned.response")}</Label>}>
              <Textarea id="canned-response" {...text("response")} rows={6} maxLength={5000} />
            </FormField>
            <FormField label={<Label htmlFor="canned-category">{t("canned.categoryOptional")}</Label>}>
              <Input id="canned-category" {...text("category")} maxLength={100} placeholder={t("canned.categoryPlaceholder")} />
            </FormField>
            <fieldset className="flex flex-col gap-y-3" data-canned-actions>
              <legend className="txt-compact-small-plus mb-1">{t("canned.actionsTitle")}</legend>
              <Text size="small" className="text-ui-fg-subtle">
                {t("canned.actionsHint")}
              </Text>
              <FormField label={<Label htmlFor="canned-labels">{t("canned.actionLabels")}</Label>}>
                <Input id="canned-labels" {...text("labels")} placeholder={t("canned.actionLabelsPlaceholder")} />
              </FormField>
              <div className="flex items-center gap-x-2">
                <Checkbox
                  id="canned-assign"
                  checked={draft.assignToMe}
                  onCheckedChange={(checked) => setDraft((current) => ({ ...current, assignToMe: checked === true }))}
                />
                <Label htmlFor="canned-assign" size="small">
                  {t("canned.actionAssign")}
                </Label>
              </div>
              <div className="flex items-center gap-x-2">
                <Checkbox
                  id="canned-close"
                  checked={draft.close}
                  onCheckedChange={(checked) => setDraft((current) => ({ ...current, close: checked === true }))}
                />
                <Label htmlFor="canned-close" size="small">
                  {t("canned.actionClose")}
                </Label>
              </div>
            </fieldset>
            {translatable && (
              <TranslationsEditor
                id="canned-translations"
                fields={translatedFields}
                rows={draft.translations}
                onChange={(translations) => setDraft((current) => ({ ...current, translations }))}
                error={translationError}
              />
            )}
          </Drawer.Body>
          <DrawerSaveFooter saving={saving} disabled={!filled} />
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
