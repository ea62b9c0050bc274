import { Alert, DatePicker, Drawer, Input, Select, Text, Textarea, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { calendarDayFromDate, dateFromCalendarDay } from "../../lib/calendar-date"
import { useComingSoonSettings, useProductComingSoonSaved, useSaveProductComingSoon } from "../../lib/coming-soon-hooks"
import { errorMessage, formatNumber } from "../../lib/format"
import { t as translate, useT } from "../../lib/i18n"
import type { EmailProvider, ProductComingSoon, ProductComingSoonInput } from "../../lib/types"
import { useOnChange } from "../../lib/use-on-change"
import { OfferPreview } from "./offer-preview"
import { FieldError, FieldLabel, FormField, Toggle } from "../form-field"
import { DrawerHeader, DrawerSaveFooter } from "../list-parts"
import { rowsOf, translationsOf, type TranslatedField, type TranslationRow } from "../../lib/translations"
import { TranslationsEditor } from "../translations-editor"
import { ReferralRewardsEditor } from "./referral-rewards-editor"
import { rewardRowsOf, rewardStepsOf, type RewardRow } from "../../lib/referral-rewards-form"

const MAX_OFFER_LENGTH = 20000

type Form = {
  enabled: boolean
  arrival_date: Date | null
  offer_description: string
  email_provider: EmailProvider
  mailer_group_id: string
  forms_form_id: string
  launch_at: Date | null
  preorder: boolean
  button_text: string
  translations: TranslationRow[]
  /** Null: the store's reward steps apply. */
  referral_rewards: RewardRow[] | null
}

type FieldErrors = Partial<Record<keyof Form, string>>

/** The form for `settings`; `preselectLedger`: the store's waitlist only in place of the server's default provider. */
const formOf = (settings: ProductComingSoon, preselectLedger: boolean): Form => ({
  enabled: settings.enabled,
  arrival_date: dateFromCalendarDay(settings.arrival_date),
  offer_description: settings.offer_description ?? "",
  email_provider: preselectLedger ? "ledger" : settings.email_provider,
  mailer_group_id: settings.mailer_group_id ?? "",
  forms_form_id: settings.forms_form_id === null ? "" : String(settings.forms_form_id),
  launch_at: settings.launch_at ? new Date(settings.launch_at) : null,
  preorder: settings.preorder,
  button_text: settings.button_text ?? "",
  translations: rowsOf(settings.translations),
  referral_rewards: rewardRowsOf(settings.referral_rewards),
})

/** The same rules the API applies, checked first so mistakes show beside their field. */
function validate(form: Form): FieldErrors {
  if (!form.enabled) return {}
  const errors: FieldErrors = {}
  if (form.offer_description.length > MAX_OFFER_LENGTH) {
    errors.offer_description = translate("comingSoon.errorOfferLength", { max: formatNumber(MAX_OFFER_LENGTH) })
  }
  if (form.email_provider === "mailer") {
    // May be saved empty: the product then refuses signups until a group is set (the hint says so).
    const group = form.mailer_group_id.trim()
    if (group && !/^[A-Za-z0-9_-]{1,100}$/.test(group)) errors.mailer_group_id = translate("comingSoon.errorGroupChars")
  } else if (form.email_provider === "forms_addon") {
    const formId = form.forms_form_id.trim()
    if (!formId) errors.forms_form_id = translate("comingSoon.errorFormMissing")
    else if (!/^\d{1,10}$/.test(formId) || Number(formId) > 2147483647) errors.forms_form_id = translate("chatSettings.wholeNumber")
  }
  return errors
}

/** What the chosen provider means: the ledger alone, or MailerLite still waiting for its key. */
function providerHint(provider: EmailProvider, mailerKeyMissing: boolean): string | undefined {
  if (provider === "ledger") return translate("comingSoon.ledgerHint")
  if (provider === "mailer" && mailerKeyMissing) return translate("comingSoon.mailerNeedsKeyHint")
  return undefined
}

const FIELDS: (keyof Form)[] = [
  "launch_at",
  "preorder",
  "arrival_date",
  "offer_description",
  "email_provider",
  "mailer_group_id",
  "forms_form_id",
  "button_text",
  "translations",
  "referral_rewards",
  "enabled",
]

/** A 400 from the API names its field (`field 'arrival_date'`, or the key itself): show it there. */
function fieldOfServerError(message: string): keyof Form | undefined {
  return FIELDS.find((field) => message.includes(field))
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; settings: ProductComingSoon }

/** The product's coming-soon settings, edited like the product's own sections: a drawer. */
export function ComingSoonDrawer({ open, onOpenChange, settings }: Props) {
  const { t } = useT()
  // Only whether a MailerLite key is set (the key itself never leaves the server).
  const mailerKeyMissing = useComingSoonSettings().data?.mailer_api_key_set === false
  const saved = useProductComingSoonSaved(settings.product_id).data
  // The server's default provider is `mailer` (CONTRACT §3). A store without a MailerLite key gets
  // the store's waitlist only preselected for a product with nothing saved, and saves it explicitly.
  const preselectLedger = mailerKeyMissing && saved === false
  const [form, setForm] = useState(() => formOf(settings, preselectLedger))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [generalError, setGeneralError] = useState<string>()
  const save = useSaveProductComingSoon(settings.product_id)
  // The button's text and per-locale variants, where the server keeps them (CONTRACT §9).
  const hasButtonText = "button_text" in settings
  const translatable = "translations" in settings
  // A server from before referral rewards has no such field: the editor is left out and nothing is sent.
  const rewardable = "referral_rewards" in settings
  const translatedFields: TranslatedField[] = [
    { key: "offer_description", label: t("comingSoon.offer"), multiline: true },
    ...(hasButtonText ? [{ key: "button_text", label: t("comingSoon.buttonTextLabel") }] : []),
  ]

  // Each opening starts from what is saved.
  useOnChange(open, (opened) => {
    if (opened) {
      setForm(formOf(settings, preselectLedger))
      setErrors({})
      setGeneralError(undefined)
    }
  })
  // Known only once the key and the saved state have loaded: preselect then, unless a provider was picked.
  useOnChange(preselectLedger, (preselect) => {
    if (preselect) {
      setForm((current) => (current.email_provider === settings.email_provider ? { ...current, email_provider: "ledger" } : current))
    }
  })

  const set = <Key extends keyof Form>(key: Key) => (value: Form[Key]) => {
    setForm((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setGeneralError(undefined)
    const found = validate(form)
    const translations = translatable && form.enabled ? translationsOf(form.translations, translatedFields) : undefined
    if (translations && "error" in translations) found.translations = translations.error
    const rewards = rewardable && form.enabled ? rewardStepsOf(form.referral_rewards) : undefined
    if (rewards && "error" in rewards) found.referral_rewards = rewards.error
    setErrors(found)
    if (Object.values(found).some(Boolean)) return

    // Switched off: only the switch changes (and a preselected provider), the rest is kept for next time.
    const body: ProductComingSoonInput = form.enabled
      ? {
          enabled: true,
          arrival_date: calendarDayFromDate(form.arrival_date),
          offer_description: form.offer_description.trim() || null,
          email_provider: form.email_provider,
          launch_at: form.launch_at ? form.launch_at.toISOString() : null,
          preorder: form.preorder,
          ...(hasButtonText && { button_text: form.button_text.trim() || null }),
          ...(translations && "translations" in translations && { translations: translations.translations }),
          ...(rewards && "steps" in rewards && { referral_rewards: rewards.steps }),
          ...(form.email_provider === "mailer" && { mailer_group_id: form.mailer_group_id.trim() }),
          ...(form.email_provider === "forms_addon" && { forms_form_id: Number(form.forms_form_id.trim()) }),
        }
      : // A first save keeps the preselected waitlist only, so the product holds what the drawer showed.
        { enabled: false, ...(preselectLedger && form.email_provider === "ledger" && { email_provider: "ledger" as const }) }
    try {
      await save.mutateAsync(body)
      toast.success(t("comingSoonSettings.toastSaved"))
      onOpenChange(false)
    } catch (error) {
      const message = errorMessage(error)
      const field = fieldOfServerError(message)
      if (field) setErrors({ [field]: message })
      else setGeneralError(message)
    }
  }

  const bind = <Key extends keyof Form>(key: Key) => ({ value: form[key], onChange: set(key) })
  const errorOf = (field: keyof Form) => ({ id: `cs-${field}-error`, message: errors[field] })
  // The input points at its error while there is one.
  const invalidWhenErrored = (field: keyof Form) => ({
    "aria-invalid": Boolean(errors[field]),
    "aria-describedby": errors[field] ? errorOf(field).id : undefined,
  })

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content aria-describedby={undefined} data-launchdesk-overlay="coming-soon">
        <form onSubmit={submit} noValidate className="flex h-full flex-col overflow-hidden" aria-label={t("comingSoon.title")}>
          <DrawerHeader title={t("comingSoon.title")} />
          <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
            <Toggle
              id="cs-enabled"
              label={t("comingSoon.title")}
              hint={t("comingSoon.enabledHint")}
              {...bind("enabled")}
            />

            {form.enabled && (
              <>
                <FormField
                  label={<FieldLabel htmlFor="cs-arrival-date">{t("comingSoon.arrivalDateOptional")}</FieldLabel>}
                  error={errorOf("arrival_date")}
                  hint={t("comingSoon.arrivalDateHint")}
                >
                  <DatePicker
                    id="cs-arrival-date"
                    aria-label={t("comingSoon.arrivalDate")}
                    value={form.arrival_date}
                    onChange={set("arrival_date")}
                    granularity="day"
                  />
                </FormField>

                <FormField
                  label={<FieldLabel htmlFor="cs-launch-at">{t("comingSoon.launchAtOptional")}</FieldLabel>}
                  error={errorOf("launch_at")}
                  hint={t("comingSoon.launchAtHint")}
                >
                  <DatePicker
                    id="cs-launch-at"
                    aria-label={t("comingSoon.launchAt")}
                    value={form.launch_at}
                    onChange={set("launch_at")}
                    granularity="minute"
                  />
                </FormField>

                <Toggle id="cs-preorder" label={t("comingSoon.preorder")} hint={t("comingSoon.preorderHint")} {...bind("preorder")} />

                <div className="flex flex-col gap-y-2">
                  <FieldLabel htmlFor="cs-offer">{t("comingSoon.offer")}</FieldLabel>
                  <Textarea
                    id="cs-offer"
                    rows={6}
                    value={form.offer_description}
                    onChange={(event) => set("offer_description")(event.target.value)}
                    {...invalidWhenErrored("offer_description")}
                    placeholder={t("comingSoon.offerPlaceholder")}
                  />
                  <FieldError {...errorOf("offer_description")} />
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {t("comingSoon.offerSanitised")}
                  </Text>
                  <OfferPreview html={settings.offer_description} />
                </div>

                {hasButtonText && (
                  <FormField
                    label={<FieldLabel htmlFor="cs-button-text">{t("comingSoon.buttonText")}</FieldLabel>}
                    error={errorOf("button_text")}
                    hint={t("comingSoon.buttonTextHint")}
                  >
                    <Input
                      id="cs-button-text"
                      value={form.button_text}
                      onChange={(event) => set("button_text")(event.target.value)}
                      {...invalidWhenErrored("button_text")}
                      maxLength={100}
                    />
                  </FormField>
                )}

                {translatable && (
                  <TranslationsEditor
                    id="cs-translations"
                    fields={translatedFields}
                    rows={form.translations}
                    onChange={set("translations")}
                    error={errors.translations}
                  />
                )}

                {rewardable && (
                  <ReferralRewardsEditor rows={form.referral_rewards} onChange={set("referral_rewards")} error={errors.referral_rewards} />
                )}

                <FormField
                  label={<FieldLabel htmlFor="cs-provider">{t("comingSoon.signupForm")}</FieldLabel>}
                  error={errorOf("email_provider")}
                  hint={providerHint(form.email_provider, mailerKeyMissing)}
                >
                  <Select value={form.email_provider} onValueChange={(value) => set("email_provider")(value as EmailProvider)}>
                    <Select.Trigger id="cs-provider">
                      <Select.Value />
                    </Select.Trigger>
                    <Select.Content>
                      <Select.Item value="ledger">{t("comingSoon.providerLedger")}</Select.Item>
                      <Select.Item value="mailer">
                        {mailerKeyMissing ? t("comingSoon.providerMailerNeedsKey") : t("comingSoon.providerMailer")}
                      </Select.Item>
                      {/* Offered only when the plugin's formsAddon option is set. */}
                      {(settings.forms_addon_available || form.email_provider === "forms_addon") && (
                        <Select.Item value="forms_addon">
                          {settings.forms_addon_available ? t("comingSoon.providerForms") : t("comingSoon.providerFormsNotConfigured")}
                        </Select.Item>
                      )}
                    </Select.Content>
                  </Select>
                </FormField>

                {form.email_provider === "mailer" && (
                  <FormField
                    label={<FieldLabel htmlFor="cs-group">{t("comingSoon.groupId")}</FieldLabel>}
                    error={errorOf("mailer_group_id")}
                    hint={t("comingSoon.groupHint")}
                  >
                    <Input
                      id="cs-group"
                      value={form.mailer_group_id}
                      onChange={(event) => set("mailer_group_id")(event.target.value)}
                      {...invalidWhenErrored("mailer_group_id")}
                      maxLength={100}
                    />
                  </FormField>
                )}
                {form.email_provider === "forms_addon" && (
                  <FormField label={<FieldLabel htmlFor="cs-form-id">{t("comingSoon.formId")}</FieldLabel>} error={errorOf("forms_form_id")}>
                    <Input
                      id="cs-form-id"
                      inputMode="numeric"
                      value={form.forms_form_id}
                      onChange={(event) => set("forms_form_id")(event.target.value)}
                      {...invalidWhenErrored("forms_form_id")}
                    />
                  </FormField>
                )}
              </>
            )}
            {generalError && <Alert variant="error">{generalError}</Alert>}
          </Drawer.Body>
          <DrawerSaveFooter saving={save.isPending} />
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
