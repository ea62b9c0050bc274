import { Button, Input, Select, Text } from "@medusajs/ui"
import { useState } from "react"
import { canonicalLocale, matchLocale, WIDGET_LOCALES } from "../../../shared/browser-safe/locale"
import { BUNDLED_MESSAGES } from "../../../shared/browser-safe/widget-messages"
import { WIDGET_LABEL_KEYS, WIDGET_LABEL_VALUES } from "../../../shared/browser-safe/widget-labels"
import { formatLanguage } from "../../lib/format"
import { currentLocale, useT } from "../../lib/i18n"
import type { WidgetLabels } from "../../lib/widget-labels"
import { FieldLabel, FormField } from "../form-field"
import { SettingsSection } from "../settings-section"

type Props = {
  value: WidgetLabels
  onChange: (value: WidgetLabels) => void
  /** The texts that cannot be saved, as `<tag>.<key>`. */
  faults: ReadonlySet<string>
}

/**
 * The widget's and the block's own texts, overridden per locale (`widget_labels`, CONTRACT
 * §9): pick a language, and each text shows the widget's own wording as its placeholder; an
 * empty field keeps it.
 */
export function WidgetLabelsSection({ value, onChange, faults }: Props) {
  const { t } = useT()
  // The admin user's own language first, when the widget ships it.
  const [locale, setLocale] = useState(() => matchLocale(currentLocale(), WIDGET_LOCALES) ?? "en")
  const [other, setOther] = useState("")
  const [filter, setFilter] = useState("")
  const locales = [...new Set([...WIDGET_LOCALES, ...Object.keys(value), locale])]
  // The widget shows a locale it does not ship in English (docs/storefront.md).
  const defaults = BUNDLED_MESSAGES[matchLocale(locale, WIDGET_LOCALES) ?? "en"]
  const texts = value[locale] ?? {}
  const language = formatLanguage(locale)
  const search = filter.trim().toLowerCase()
  const keys = WIDGET_LABEL_KEYS.filter(
    (key) => !search || [key, defaults[key], texts[key] ?? ""].some((text) => text.toLowerCase().includes(search))
  )
  const otherTag = canonicalLocale(other.trim())
  const set = (key: string, text: string) => onChange({ ...value, [locale]: { ...texts, [key]: text } })
  const changed = (tag: string) => Object.values(value[tag] ?? {}).filter((text) => text.trim()).length

  return (
    <SettingsSection title={t("widgetLabels.title")} description={t("widgetLabels.description")}>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={<FieldLabel htmlFor="widget-labels-locale">{t("widgetLabels.language")}</FieldLabel>}>
          <Select size="small" value={locale} onValueChange={setLocale}>
            <Select.Trigger id="widget-labels-locale" className="w-[240px]" aria-label={t("widgetLabels.language")}>
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {locales.map((tag) => (
                <Select.Item key={tag} value={tag}>
                  {t("widgetLabels.languageOption", { language: formatLanguage(tag), tag, count: changed(tag) })}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </FormField>
        <div className="flex items-end gap-x-2">
          <FormField label={<FieldLabel htmlFor="widget-labels-other">{t("widgetLabels.otherLanguage")}</FieldLabel>}>
            <Input
              id="widget-labels-other"
              size="small"
              className="w-[120px]"
              value={other}
              placeholder={t("translations.localePlaceholder")}
              onChange={(event) => setOther(event.target.value)}
            />
          </FormField>
          <Button
            type="button"
            size="small"
            variant="secondary"
            disabled={!otherTag}
            onClick={() => {
              if (!otherTag) return
              setLocale(otherTag)
              setOther("")
            }}
          >
            {t("widgetLabels.open")}
          </Button>
        </div>
        <FormField label={<FieldLabel htmlFor="widget-labels-filter">{t("widgetLabels.filter")}</FieldLabel>}>
          <Input id="widget-labels-filter" size="small" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-widget-labels={locale}>
        {keys.map((key) => {
          const id = `widget-label-${key}`
          const errorId = `${id}-error`
          const values = WIDGET_LABEL_VALUES[key]
          const fault = faults.has(`${locale}.${key}`)
          return (
            <FormField
              key={key}
              label={<FieldLabel htmlFor={id}>{key}</FieldLabel>}
              error={{ id: errorId, message: fault ? t("widgetLabels.invalid") : undefined }}
              hint={values.length ? t("widgetLabels.values", { values: values.map((name) => `{${name}}`).join(", ") }) : undefined}
            >
              <Input
                id={id}
                size="small"
                value={texts[key] ?? ""}
                placeholder={defaults[key]}
                aria-label={t("widgetLabels.textIn", { key, language })}
                aria-invalid={fault}
                aria-describedby={fault ? errorId : undefined}
                maxLength={500}
                onChange={(event) => set(key, event.target.value)}
              />
            </FormField>
          )
        })}
      </div>
      {!keys.length && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("widgetLabels.noMatch")}
        </Text>
      )}
    </SettingsSection>
  )
}
