import { Plus, Trash } from "@medusajs/icons"
import { Button, IconButton, Input, Label, Text, Textarea } from "@medusajs/ui"
import { canonicalLocale } from "../../shared/browser-safe/locale"
import { formatLanguage } from "../lib/format"
import { useT } from "../lib/i18n"
import type { TranslatedField, TranslationRow } from "../lib/translations"

type Props = {
  id: string
  fields: TranslatedField[]
  rows: TranslationRow[]
  onChange: (rows: TranslationRow[]) => void
  error?: string
}

/**
 * Per-locale variants of a record's texts: a tag (`de`, `pt-BR`) and the fields in that
 * language. Shoppers in that locale get the variant; any field left empty falls back to the
 * default text.
 */
export function TranslationsEditor({ id, fields, rows, onChange, error }: Props) {
  const { t } = useT()
  const change = (index: number, next: Partial<TranslationRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...next } : row)))
  return (
    <section className="flex flex-col gap-y-3" aria-label={t("translations.title")} data-translations={id}>
      <div className="flex flex-col">
        <Label size="small" weight="plus">
          {t("translations.title")}
        </Label>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("translations.hint")}
        </Text>
      </div>
      {rows.map((row, index) => {
        const tag = canonicalLocale(row.locale.trim())
        const language = tag ? formatLanguage(tag) : row.locale.trim() || t("translations.newLanguage")
        return (
          <div key={index} className="flex flex-col gap-y-2 rounded-md border p-3" data-translation-locale={tag ?? ""}>
            <div className="flex items-center gap-x-2">
              <Input
                id={`${id}-${index}-locale`}
                size="small"
                className="w-[120px]"
                value={row.locale}
                onChange={(event) => change(index, { locale: event.target.value })}
                placeholder={t("translations.localePlaceholder")}
                aria-label={t("translations.locale")}
              />
              <Text size="small" className="text-ui-fg-subtle flex-1 truncate">
                {tag ? language : ""}
              </Text>
              <IconButton
                type="button"
                size="small"
                variant="transparent"
                aria-label={t("translations.remove", { language })}
                onClick={() => onChange(rows.filter((_, position) => position !== index))}
              >
                <Trash />
              </IconButton>
            </div>
            {fields.map((field) => {
              const props = {
                id: `${id}-${index}-${field.key}`,
                value: row.values[field.key] ?? "",
                "aria-label": t("translations.fieldIn", { field: field.label, language }),
                placeholder: field.label,
              }
              const set = (value: string) => change(index, { values: { ...row.values, [field.key]: value } })
              return field.multiline ? (
                <Textarea key={field.key} rows={3} {...props} onChange={(event) => set(event.target.value)} />
              ) : (
                <Input key={field.key} {...props} onChange={(event) => set(event.target.value)} />
              )
            })}
          </div>
        )
      })}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {error}
        </Text>
      )}
      <Button
        type="button"
        size="small"
        variant="secondary"
        className="self-start"
        onClick={() => onChange([...rows, { locale: "", values: {} }])}
      >
        <Plus />
        {t("translations.add")}
      </Button>
    </section>
  )
}
