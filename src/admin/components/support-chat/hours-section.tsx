import { Input, Textarea } from "@medusajs/ui"
import { WEEKDAYS, type Weekday } from "../../../shared/browser-safe/business-hours"
import type { SettingsFormControls } from "../../lib/use-settings-form"
import { FieldError, textInput, Toggle } from "../form-field"
import { Field, SettingsSection } from "../settings-section"
import type { SettingsForm } from "./settings-form"

const DAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
}

type Props = {
  controls: SettingsFormControls<SettingsForm>
  errors: Partial<Record<Weekday | "holidays", string>>
}

/**
 * The chat's weekly hours in one time zone, the days it is closed, and what shoppers read when
 * nobody is in. Outside the hours the widget says so and asks for an email first.
 */
export function HoursSection({ controls: { bind, configured }, errors }: Props) {
  const enabled = bind("hours_enabled")
  const days = bind("days")
  const fixed = configured("business_hours")
  return (
    <SettingsSection title="Hours" description="When staff answer. Outside these hours the widget says so and asks for an email first.">
      <Toggle
        id="hours-enabled"
        label="Set opening hours"
        hint={fixed ? "Set by configuration." : "Off: the chat shows as always open."}
        value={enabled.value}
        onChange={(checked) => !fixed && enabled.onChange(checked)}
      />
      {enabled.value && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-hours>
          <Field label="Time zone" htmlFor="hours-time-zone" configured={fixed} hint="An IANA name, e.g. Europe/Berlin or America/New_York.">
            <Input id="hours-time-zone" {...textInput(bind("time_zone"))} disabled={fixed} maxLength={64} />
          </Field>
          <div />
          {WEEKDAYS.map((day) => (
            <Field key={day} label={DAY_NAMES[day]} htmlFor={`hours-${day}`} hint={errors[day] ? undefined : "e.g. 09:00-12:30, 13:30-17:00; empty: closed"}>
              <Input
                id={`hours-${day}`}
                value={days.value[day]}
                onChange={(event) => days.onChange({ ...days.value, [day]: event.target.value })}
                disabled={fixed}
                aria-invalid={Boolean(errors[day])}
                aria-describedby={errors[day] ? `hours-${day}-error` : undefined}
                placeholder="Closed"
              />
              <FieldError id={`hours-${day}-error`} message={errors[day]} />
            </Field>
          ))}
          <Field label="Holidays" htmlFor="hours-holidays" hint={errors.holidays ? undefined : "Closed all day, in the time zone: 2026-12-25, 2026-12-26"}>
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
      <Field label="Away message" htmlFor="away-message" configured={configured("away_message")} hint="Shown to shoppers outside the hours; empty: the widget's own words.">
        <Textarea id="away-message" {...textInput(bind("away_message"))} disabled={configured("away_message")} maxLength={500} rows={2} />
      </Field>
    </SettingsSection>
  )
}
