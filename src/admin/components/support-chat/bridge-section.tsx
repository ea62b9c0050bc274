import { Alert, Button, Input, Select, Text } from "@medusajs/ui"
import { useTestBridge } from "../../lib/chat-hooks"
import { errorMessage } from "../../lib/format"
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
  const test = useTestBridge()
  const runTest = () => {
    test.reset()
    test.mutate()
  }
  const provider = bind("provider")

  return (
    <SettingsSection
      title="Team-chat bridge"
      description="Mirror conversations into a Slack or Discord channel and answer from there."
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field label="Provider" htmlFor="bridge-provider" configured={configured("bridge.provider")}>
          <Select
            value={provider.value}
            onValueChange={(value) => provider.onChange(value as SettingsForm["provider"])}
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
          <Input id="bridge-channel" {...textInput(bind("channel_id"))} disabled={configured("bridge.channel_id")} maxLength={100} />
        </Field>
        <SecretField id="bridge-bot-token" label="Bot token" {...bindSecret("bot_token", states.bot_token)} />
        <SecretField
          id="bridge-shared-secret"
          label="Shared secret"
          {...bindSecret("shared_secret", states.shared_secret)}
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
  )
}
