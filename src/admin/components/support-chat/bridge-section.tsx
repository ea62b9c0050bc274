import { Alert, Button, Input, Select, Text } from "@medusajs/ui"
import { useTestBridge } from "../../lib/chat-hooks"
import { errorMessage } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { SettingsFormControls } from "../../lib/use-settings-form"
import { textInput } from "../form-field"
import { SecretField, type SecretState } from "../secret-field"
import { Field, SettingsSection } from "../settings-section"
import { NO_PROVIDER, type SettingsForm } from "./settings-form"

type Props = {
  controls: SettingsFormControls<SettingsForm>
  states: { bot_token: SecretState; shared_secret: SecretState }
}

/** The settings page's team-chat bridge: provider, channel, secrets, and a real test call. */
export function BridgeSection({ controls: { bind, bindSecret, configured }, states }: Props) {
  const { t } = useT()
  const test = useTestBridge()
  const runTest = () => {
    test.reset()
    test.mutate()
  }
  const provider = bind("provider")

  return (
    <SettingsSection
      title={t("bridge.title")}
      description={t("bridge.description")}
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field label={t("bridge.provider")} htmlFor="bridge-provider" configured={configured("bridge.provider")}>
          <Select
            value={provider.value}
            onValueChange={(value) => provider.onChange(value as SettingsForm["provider"])}
            disabled={configured("bridge.provider")}
          >
            <Select.Trigger id="bridge-provider">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={NO_PROVIDER}>{t("bridge.none")}</Select.Item>
              <Select.Item value="slack">Slack</Select.Item>
              <Select.Item value="discord">Discord</Select.Item>
            </Select.Content>
          </Select>
        </Field>
        <Field
          label={t("bridge.channel")}
          htmlFor="bridge-channel"
          configured={configured("bridge.channel_id")}
          hint={t("bridge.channelHint")}
        >
          <Input id="bridge-channel" {...textInput(bind("channel_id"))} disabled={configured("bridge.channel_id")} maxLength={100} />
        </Field>
        <SecretField id="bridge-bot-token" label={t("bridge.botToken")} {...bindSecret("bot_token", states.bot_token)} />
        <SecretField
          id="bridge-shared-secret"
          label={t("bridge.sharedSecret")}
          {...bindSecret("shared_secret", states.shared_secret)}
          hint={t("bridge.sharedSecretHint")}
        />
      </div>
      <div className="flex flex-col gap-y-2">
        <div className="flex items-center gap-x-3">
          <Button type="button" size="small" variant="secondary" onClick={runTest} isLoading={test.isPending}>
            {t("bridge.test")}
          </Button>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("bridge.testHint")}
          </Text>
        </div>
        {test.data && (
          <Alert variant={test.data.success ? "success" : "error"} data-bridge-test={test.data.success ? "success" : "failure"}>
            {test.data.message}
          </Alert>
        )}
        {test.isError && (
          <Alert variant="error">
            {t("bridge.testFailed", { message: errorMessage(test.error) })}
          </Alert>
        )}
      </div>
    </SettingsSection>
  )
}
