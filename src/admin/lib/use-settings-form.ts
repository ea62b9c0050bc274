import { useState } from "react"
import { secretState, type SecretState } from "../components/secret-field"
import { useOnChange } from "./use-on-change"

/** What every settings payload carries: the keys the plugin options fix. */
type Configurable = { set_by_configuration: string[] }

/**
 * The editable copy of a settings payload: `bind(key)` gives a field its value and setter,
 * `configured(key)` says whether the plugin options fix a value, `reset()` drops the edits.
 */
export function useSettingsForm<Settings extends Configurable, Form>(settings: Settings, formOf: (settings: Settings) => Form) {
  const [form, setForm] = useState(() => formOf(settings))

  // After a save the server's answer becomes the form again, which also empties the secret boxes.
  useOnChange(settings, (saved) => setForm(formOf(saved)))

  const set =
    <Key extends keyof Form>(key: Key) =>
    (value: Form[Key]) =>
      setForm((current) => ({ ...current, [key]: value }))

  const bind = <Key extends keyof Form>(key: Key) => ({ value: form[key], onChange: set(key) })

  return {
    form,
    set,
    bind,
    /** A `SecretField`'s value, setter and badge state. */
    bindSecret: <Key extends keyof Form>(key: Key, state: SecretState) => ({ state, ...bind(key) }),
    configured: (key: string) => settings.set_by_configuration.includes(key),
    /** A secret's badge state, from its `<name>_set` flag and the configured keys. */
    secret: (key: string, isSet: boolean) => secretState(isSet, settings.set_by_configuration, key),
    reset: () => setForm(formOf(settings)),
  }
}

type Binding<Value> = { value: Value; onChange: (value: Value) => void }

/** What a section drawn by its own component gets of `useSettingsForm`. */
export type SettingsFormControls<Form> = {
  bind: <Key extends keyof Form>(key: Key) => Binding<Form[Key]>
  bindSecret: <Key extends keyof Form>(key: Key, state: SecretState) => Binding<Form[Key]> & { state: SecretState }
  configured: (key: string) => boolean
}
