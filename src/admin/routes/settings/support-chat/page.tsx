import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Input, toast } from "@medusajs/ui"
import { ChatSettingsCrumb } from "../../../components/breadcrumbs"
import { SecretField, secretForSave } from "../../../components/secret-field"
import { BridgeSection } from "../../../components/support-chat/bridge-section"
import { FailedDeliveries } from "../../../components/support-chat/failed-deliveries"
import { RatingsSection } from "../../../components/support-chat/ratings-section"
import { NO_PROVIDER, formOf, hoursOf, wholeNumber } from "../../../components/support-chat/settings-form"
import { HoursSection } from "../../../components/support-chat/hours-section"
import { TextsSection } from "../../../components/support-chat/texts-section"
import { WidgetLabelsSection } from "../../../components/support-chat/widget-labels-section"
import { widgetLabelsOf } from "../../../lib/widget-labels"
import { translationsOf, type TranslatedField } from "../../../lib/translations"
import { Field, SettingsSection } from "../../../components/settings-section"
import { NoEmailProviderNotice } from "../../../components/email-provider-notice"
import { SettingsForm, SettingsPage } from "../../../components/settings-page"
import { useState } from "react"
import { useChatSettings, useSaveChatSettings } from "../../../lib/chat-hooks"
import { useT } from "../../../lib/i18n"
import { toastAction } from "../../../lib/toast-action"
import type { ChatSettings, ChatSettingsInput } from "../../../lib/types"
import { useSettingsForm } from "../../../lib/use-settings-form"
import { textInput } from "../../../components/form-field"

/** The number fields; each is also the key the plugin options may fix it under. */
type WholeNumberKey = "auto_reply_daily_cap" | "auto_reply_daily_call_budget" | "offline_email_after_seconds"

function SupportChatSettingsForm({ settings }: { settings: ChatSettings }) {
  const { t } = useT()
  const controls = useSettingsForm(settings, formOf)
  const { form, bind, bindSecret, configured, secret, reset } = controls
  const save = useSaveChatSettings()
  // The widget's texts and their variants per locale, where the server keeps them (CONTRACT §9).
  const hasTexts = "chat_title" in settings
  const translatable = "translations" in settings
  const [translationError, setTranslationError] = useState<string>()
  // The widget's own texts per locale, where the server keeps them.
  const labelled = "widget_labels" in settings
  const widgetLabels = widgetLabelsOf(form.widget_labels)
  const textFields: TranslatedField[] = [
    { key: "chat_title", label: t("texts.chatTitle") },
    { key: "welcome_message", label: t("texts.welcome"), multiline: true },
    { key: "away_message", label: t("hours.awayMessage"), multiline: true },
    { key: "email_offer", label: t("texts.emailOffer"), multiline: true },
  ]
  const states = {
    bot_token: secret("bridge.bot_token", settings.bridge.bot_token_set),
    shared_secret: secret("bridge.shared_secret", settings.bridge.shared_secret_set),
    api_key: secret("model.api_key", settings.model.api_key_set),
  }

  const cap = wholeNumber(form.auto_reply_daily_cap)
  const callBudget = wholeNumber(form.auto_reply_daily_call_budget)
  const delay = wholeNumber(form.offline_email_after_seconds)
  const invalid: Record<WholeNumberKey, string | undefined> = {
    auto_reply_daily_cap: Number.isNaN(cap) ? t("chatSettings.wholeNumber") : undefined,
    auto_reply_daily_call_budget: Number.isNaN(callBudget) ? t("chatSettings.wholeNumber") : undefined,
    offline_email_after_seconds: Number.isNaN(delay) ? t("chatSettings.wholeSeconds") : undefined,
  }

  // A number field shows why it is refused in place of its hint.
  const wholeNumberField = (key: WholeNumberKey, { id, label, hint }: { id: string; label: string; hint: string }) => (
    <Field label={label} htmlFor={id} configured={configured(key)} hint={invalid[key] ?? hint}>
      <Input
        id={id}
        type="number"
        min={0}
        step={1}
        {...textInput(bind(key))}
        disabled={configured(key)}
        aria-invalid={Boolean(invalid[key])}
      />
    </Field>
  )

  const hours = hoursOf(form)

  const submit = () => {
    if (invalid.auto_reply_daily_cap || invalid.auto_reply_daily_call_budget || invalid.offline_email_after_seconds) return
    if (Object.keys(hours.errors).length) return
    const translations = translatable ? translationsOf(form.translations, textFields) : undefined
    setTranslationError(translations && "error" in translations ? translations.error : undefined)
    if (translations && "error" in translations) return
    // A text of another language than the one shown may be the faulty one: the toast names it.
    if (widgetLabels.faults.size) return void toast.error(t("widgetLabels.errorSave", { texts: [...widgetLabels.faults].join(", ") }))
    const unlessConfigured = <Value,>(key: string, value: Value) => (configured(key) ? undefined : value)
    const body: ChatSettingsInput = {
      bridge: {
        provider: unlessConfigured("bridge.provider", form.provider === NO_PROVIDER ? null : form.provider),
        channel_id: unlessConfigured("bridge.channel_id", form.channel_id.trim() || null),
        bot_token: secretForSave(form.bot_token, states.bot_token),
        shared_secret: secretForSave(form.shared_secret, states.shared_secret),
      },
      model: {
        base_url: unlessConfigured("model.base_url", form.base_url.trim() || null),
        api_key: secretForSave(form.api_key, states.api_key),
        model: unlessConfigured("model.model", form.model.trim() || null),
      },
      auto_reply_daily_cap: unlessConfigured("auto_reply_daily_cap", cap),
      auto_reply_daily_call_budget: unlessConfigured("auto_reply_daily_call_budget", callBudget),
      offline_email_after_seconds: unlessConfigured("offline_email_after_seconds", delay),
      business_hours: unlessConfigured("business_hours", hours.hours),
      away_message: unlessConfigured("away_message", form.away_message.trim() || null),
      ...(hasTexts && {
        chat_title: unlessConfigured("chat_title", form.chat_title.trim() || null),
        welcome_message: unlessConfigured("welcome_message", form.welcome_message.trim() || null),
        email_offer: unlessConfigured("email_offer", form.email_offer.trim() || null),
      }),
      ...(translations && "translations" in translations && { translations: translations.translations }),
      ...(labelled && { widget_labels: widgetLabels.labels }),
    }
    return toastAction(() => save.mutateAsync(body), { success: t("chatSettings.toastSaved"), failure: t("common.notSaved") })
  }

  return (
    <SettingsForm label={t("chatSettings.formLabel")} onSubmit={submit} onReset={reset} saving={save.isPending}>
      <BridgeSection controls={controls} states={states} />

      <SettingsSection
        title={t("chatSettings.autoReplyTitle")}
        description={t("chatSettings.autoReplyDescription")}
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field
            label={t("chatSettings.baseUrl")}
            htmlFor="model-base-url"
            configured={configured("model.base_url")}
            hint={t("chatSettings.baseUrlHint")}
          >
            <Input id="model-base-url" type="url" {...textInput(bind("base_url"))} disabled={configured("model.base_url")} maxLength={500} />
          </Field>
          <SecretField id="model-api-key" label={t("chatSettings.apiKey")} {...bindSecret("api_key", states.api_key)} />
          <Field label={t("chatSettings.model")} htmlFor="model-name" configured={configured("model.model")} hint={t("chatSettings.modelHint")}>
            <Input id="model-name" {...textInput(bind("model"))} disabled={configured("model.model")} maxLength={200} />
          </Field>
          {wholeNumberField("auto_reply_daily_cap", {
            id: "model-daily-cap",
            label: t("chatSettings.dailyCap"),
            hint: t("chatSettings.dailyCapHint"),
          })}
          {wholeNumberField("auto_reply_daily_call_budget", {
            id: "model-daily-call-budget",
            label: t("chatSettings.dailyCalls"),
            hint: t("chatSettings.dailyCallsHint"),
          })}
        </div>
      </SettingsSection>

      <SettingsSection title={t("chatSettings.offlineTitle")} description={t("chatSettings.offlineDescription")}>
        {!settings.can_send_email && <NoEmailProviderNotice text={t("chatSettings.offlineNoProvider")} />}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {wholeNumberField("offline_email_after_seconds", {
            id: "offline-email-delay",
            label: t("chatSettings.offlineDelay"),
            hint: t("chatSettings.offlineDelayHint"),
          })}
        </div>
      </SettingsSection>

      <HoursSection controls={controls} errors={hours.errors} />

      {(hasTexts || translatable) && (
        <TextsSection controls={controls} hasTexts={hasTexts} translatable={translatable} fields={textFields} error={translationError} />
      )}

      {labelled && (
        <WidgetLabelsSection
          {...controls.bind("widget_labels")}
          faults={widgetLabels.faults}
        />
      )}
    </SettingsForm>
  )
}

const SupportChatSettingsPage = () => {
  const { t } = useT()
  const settings = useChatSettings()
  return (
    <SettingsPage
      title={t("chatSettings.title")}
      description={t("chatSettings.description")}
      settings={settings}
      loadingRows={6}
      form={(loaded) => <SupportChatSettingsForm settings={loaded} />}
    >
      <RatingsSection />
      <FailedDeliveries />
    </SettingsPage>
  )
}

export const config = defineRouteConfig({
  label: "nav.supportChatSettings",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
})

export const handle = {
  breadcrumb: () => <ChatSettingsCrumb />,
}

export default SupportChatSettingsPage
