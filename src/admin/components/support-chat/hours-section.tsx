import { Input, Textarea } from "@medusajs/ui"
import { WEEKDAYS, type Weekday } from "../../../shared/browser-safe/business-hours"
import { formatWeekday } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { SettingsFormControls } from "../../lib/use-settings-form"
import { FieldError, textInput, Toggle } from "../form-field"
import { Field, SettingsSection } from "../settings-section"
import type { SettingsForm } from "./settings-form"

type Props = {
  controls: SettingsFormControls<SettingsForm>
  errors: Partial<Record<Weekday | "holidays", string>>
}

/**
 * The chat's weekly hours in one time zone, the days it is closed, and what shoppers read when
 * nobody is in. Outside the hours the widget says so and asks for an email first.
 */
export function HoursSection({ controls: { bind, configured }, errors }: Props) {
  const { t } = useT()
  const enabled = bind("hours_enabled")
  const days = bind("days")
  const fixed = configured("business_hours")
  return (
    <SettingsSection title={t("hours.title")} description={t("hours.description")}>
      <Toggle
        id="hours-enabled"
        label={t("hours.enabled")}
        hint={fixed ? t("hours.fixed") : t("hours.enabledHint")}
        value={enabled.value}
        onChange={(checked) => !fixed && enabled.onChange(checked)}
      />
      {enabled.value && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-hours>
          <Field label={t("hours.timeZone")} htmlFor="hours-time-zone" configured={fixed} hint={t("hours.timeZoneHint")}>
            <Input id="hours-time-zone" {...textInput(bind("time_zone"))} disabled={fixed} maxLength={64} />
          </Field>
          <div />
          {WEEKDAYS.map((day) => (
            <Field key={day} label={formatWeekday(WEEKDAYS.indexOf(day))} htmlFor={`hours-${day}`} hint={errors[day] ? undefined : t("hours.dayHint")}>
              <Input
                id={`hours-${day}`}
                value={days.value[day]}
                onChange={(event) => days.onChange({ ...days.value, [day]: event.target.value })}
                disabled={fixed}
                aria-invalid={Boolean(errors[day])}
                aria-describedby={errors[day] ? `hours-${day}-error` : undefined}
                placeholder={t("hours.closed")}
              />
              <FieldError id={`hours-${day}-error`} message={errors[day]} />
            </Field>
          ))}
          <Field label={t("hours.holidays")} htmlFor="hours-holidays" hint={errors.holidays ? undefined : t("hours.holidaysHint")}>
            <Textarea
              id="hours-holidays"
              {...textInput(bind("holidays"))}
              disabled={fixed}
              aria-invalid={Boolean(errors.holidays)}
              aria-describedby={errors.holidays ? "hours-holidays-error" : undefined}
              rows={2}
            />
            <FieldError id="hours-holidays-error" message={errors.holidays} />
          </Field>
        </div>
      )}
      <Field label={t("hours.awayMessage")} htmlFor="away-message" configured={configured("away_message")} hint={t("hours.awayMessageHint")}>
        <Textarea id="away-message" {...textInput(bind("away_message"))} disabled={configured("away_message")} maxLength={500} rows={2} />
      </Field>
    </SettingsSection>
  )
}
