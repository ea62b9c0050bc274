import { Input, Textarea } from "@medusajs/ui"
import { useT } from "../../lib/i18n"
import type { SettingsFormControls } from "../../lib/use-settings-form"
import { textInput } from "../form-field"
import { Field, SettingsSection } from "../settings-section"
import type { TranslatedField } from "../../lib/translations"
import { TranslationsEditor } from "../translations-editor"
import type { SettingsForm } from "./settings-form"

type Props = {
  controls: SettingsFormControls<SettingsForm>
  /** The server keeps the widget's texts (`chat_title`, `welcome_message`, `email_offer`). */
  hasTexts: boolean
  /** The server keeps their per-locale variants (`translations`). */
  translatable: boolean
  fields: TranslatedField[]
  error?: string
}

/** What the chat widget says, written by the store, and its variants per locale (CONTRACT §9). */
export function TextsSection({ controls: { bind, configured }, hasTexts, translatable, fields, error }: Props) {
  const { t } = useT()
  const translations = bind("translations")
  return (
    <SettingsSection title={t("texts.title")} description={t("texts.description")}>
      {hasTexts && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label={t("texts.chatTitle")} htmlFor="chat-title" configured={configured("chat_title")}>
            <Input id="chat-title" {...textInput(bind("chat_title"))} disabled={configured("chat_title")} maxLength={100} />
          </Field>
          <div />
          <Field label={t("texts.welcome")} htmlFor="welcome-message" configured={configured("welcome_message")}>
            <Textarea id="welcome-message" {...textInput(bind("welcome_message"))} disabled={configured("welcome_message")} maxLength={500} rows={2} />
          </Field>
          <Field label={t("texts.emailOffer")} htmlFor="email-offer" configured={configured("email_offer")}>
            <Textarea id="email-offer" {...textInput(bind("email_offer"))} disabled={configured("email_offer")} maxLength={500} rows={2} />
          </Field>
        </div>
      )}
      {translatable && (
        <TranslationsEditor id="chat-translations" fields={fields} rows={translations.value} onChange={translations.onChange} error={error} />
      )}
    </SettingsSection>
  )
}
