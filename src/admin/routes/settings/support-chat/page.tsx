import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Button, Container, Heading, Input, Select, Text, toast } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { ErrorState, LoadingState } from "../../../components/page-states"
import { SecretField, secretForSave, secretState } from "../../../components/secret-field"
import { Field, SettingsSection } from "../../../components/settings-section"
import { useChatSettings, useSaveChatSettings, useTestBridge } from "../../../lib/chat-hooks"
import { errorMessage } from "../../../lib/format"
import type { BridgeProvider, ChatSettings, ChatSettingsInput } from "../../../lib/types"

const NO_PROVIDER = "none"

/** The form's editable copy of the settings; secrets start empty (the page never has them). */
type Form = {
  provider: BridgeProvider | typeof NO_PROVIDER
  channel_id: string
  bot_token: string | null
  shared_secret: string | null
  base_url: string
  api_key: string | null
  model: string
  auto_reply_daily_cap: string
  offline_email_after_seconds: string
}

const formOf = (settings: ChatSettings): Form => ({
  provider: settings.bridge.provider ?? NO_PROVIDER,
  channel_id: settings.bridge.channel_id ?? "",
  bot_token: "",
  shared_secret: "",
  base_url: settings.model.base_url ?? "",
  api_key: "",
  model: settings.model.model ?? "",
  auto_reply_daily_cap: String(settings.auto_reply_daily_cap),
  offline_email_after_seconds: String(settings.offline_email_after_seconds),
})

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)

function SupportChatSettingsForm({ settings }: { settings: ChatSettings }) {
  const [form, setForm] = useState(() => formOf(settings))
  const save = useSaveChatSettings()
  const test = useTestBridge()
  const configured = (key: string) => settings.set_by_configuration.includes(key)
  const secret = (key: string, isSet: boolean) => secretState(isSet, settings.set_by_configuration, key)
  const states = {
    bot_token: secret("bridge.bot_token", settings.bridge.bot_token_set),
    shared_secret: secret("bridge.shared_secret", settings.bridge.shared_secret_set),
    api_key: secret("model.api_key", settings.model.api_key_set),
  }

  // After a save the server's answer becomes the form again, which also empties the secret boxes.
  useEffect(() => setForm(formOf(settings)), [settings])

  const set = <Key extends keyof Form>(key: Key) => (value: Form[Key]) => setForm((current) => ({ ...current, [key]: value }))

  const cap = wholeNumber(form.auto_reply_daily_cap)
  const delay = wholeNumber(form.offline_email_after_seconds)
  const invalid = {
    auto_reply_daily_cap: Number.isNaN(cap) ? "A whole number, 0 or more" : undefined,
    offline_email_after_seconds: Number.isNaN(delay) ? "A whole number of seconds" : undefined,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (invalid.auto_reply_daily_cap || invalid.offline_email_after_seconds) return
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
      offline_email_after_seconds: unlessConfigured("offline_email_after_seconds", delay),
    }
    try {
      await save.mutateAsync(body)
      toast.success("Support chat settings saved")
    } catch (error) {
      toast.error(`Not saved: ${errorMessage(error)}`)
    }
  }

  const runTest = () => {
    test.reset()
    test.mutate()
  }

  return (
    <form onSubmit={submit} className="divide-y" aria-label="Support chat settings">
      <SettingsSection
        title="Team-chat bridge"
        description="Mirror conversations into a Slack or Discord channel and answer from there."
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label="Provider" htmlFor="bridge-provider" configured={configured("bridge.provider")}>
            <Select
              value={form.provider}
              onValueChange={(value) => set("provider")(value as Form["provider"])}
              disabled={configured("bridge.provider")}
            >
              <Select.Trigger id="bridge-provider">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={NO_PROVIDER}>None</Select.Item>
                <Select.Item value="slack">Slack</Select.Item>
                <Select.Item value="discord">Discord</Select.Item>
              </Select.Content>
            </Select>
          </Field>
          <Field
            label="Channel ID"
            htmlFor="bridge-channel"
            configured={configured("bridge.channel_id")}
            hint="Where new conversations start a thread."
          >
            <Input
              id="bridge-channel"
              value={form.channel_id}
              onChange={(event) => set("channel_id")(event.target.value)}
              disabled={configured("bridge.channel_id")}
              maxLength={100}
            />
          </Field>
          <SecretField
            id="bridge-bot-token"
            label="Bot token"
            state={states.bot_token}
            value={form.bot_token}
            onChange={set("bot_token")}
          />
          <SecretField
            id="bridge-shared-secret"
            label="Shared secret"
            state={states.shared_secret}
            value={form.shared_secret}
            onChange={set("shared_secret")}
            hint="Sent by your relay in the X-APP-Secret header of /hooks/app/v1/bridge/incoming."
          />
        </div>
        <div className="flex flex-col gap-y-2">
          <div className="flex items-center gap-x-3">
            <Button type="button" size="small" variant="secondary" onClick={runTest} isLoading={test.isPending}>
              Test connection
            </Button>
            <Text size="xsmall" className="text-ui-fg-subtle">
              Tests the saved settings with a real call to the platform.
            </Text>
          </div>
          {test.data && (
            <Alert variant={test.data.success ? "success" : "error"} dismissible data-bridge-test={test.data.success ? "success" : "failure"}>
              {test.data.message}
            </Alert>
          )}
          {test.isError && (
            <Alert variant="error" dismissible>
              Could not run the test: {errorMessage(test.error)}
            </Alert>
          )}
        </div>
      </SettingsSection>

      <SettingsSection
        title="Auto-reply"
        description="An OpenAI-compatible model picks a canned response for a visitor's question, or none."
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field
            label="Endpoint base URL"
            htmlFor="model-base-url"
            configured={configured("model.base_url")}
            hint="e.g. https://api.openai.com/v1"
          >
            <Input
              id="model-base-url"
              type="url"
              value={form.base_url}
              onChange={(event) => set("base_url")(event.target.value)}
              disabled={configured("model.base_url")}
              maxLength={500}
            />
          </Field>
          <SecretField id="model-api-key" label="API key" state={states.api_key} value={form.api_key} onChange={set("api_key")} />
          <Field label="Model" htmlFor="model-name" configured={configured("model.model")} hint="e.g. gpt-4o-mini">
            <Input
              id="model-name"
              value={form.model}
              onChange={(event) => set("model")(event.target.value)}
              disabled={configured("model.model")}
              maxLength={200}
            />
          </Field>
          <Field
            label="Daily cap"
            htmlFor="model-daily-cap"
            configured={configured("auto_reply_daily_cap")}
            hint={invalid.auto_reply_daily_cap ?? "Auto-replies per day (UTC) across the store."}
          >
            <Input
              id="model-daily-cap"
              type="number"
              min={0}
              step={1}
              value={form.auto_reply_daily_cap}
              onChange={(event) => set("auto_reply_daily_cap")(event.target.value)}
              disabled={configured("auto_reply_daily_cap")}
              aria-invalid={Boolean(invalid.auto_reply_daily_cap)}
            />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title="Offline email" description="Replies reach visitors who left an email and the chat.">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field
            label="Email a reply after (seconds)"
            htmlFor="offline-email-delay"
            configured={configured("offline_email_after_seconds")}
            hint={
              invalid.offline_email_after_seconds ??
              "A visitor who has not polled for this long gets the reply by email (at most once per 15 minutes)."
            }
          >
            <Input
              id="offline-email-delay"
              type="number"
              min={0}
              step={1}
              value={form.offline_email_after_seconds}
              onChange={(event) => set("offline_email_after_seconds")(event.target.value)}
              disabled={configured("offline_email_after_seconds")}
              aria-invalid={Boolean(invalid.offline_email_after_seconds)}
            />
          </Field>
        </div>
      </SettingsSection>

      <div className="flex justify-end gap-x-2 px-6 py-4">
        <Button type="button" size="small" variant="secondary" onClick={() => setForm(formOf(settings))}>
          Reset
        </Button>
        <Button type="submit" size="small" isLoading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  )
}

const SupportChatSettingsPage = () => {
  const settings = useChatSettings()
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">Support chat</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Values given in the plugin options win and show as "Set by configuration". Secrets are never shown.
        </Text>
      </div>
      {settings.isLoading ? (
        <LoadingState rows={6} label="Loading settings" />
      ) : settings.isError || !settings.data ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <SupportChatSettingsForm settings={settings.data} />
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Support chat",
})

export default SupportChatSettingsPage
