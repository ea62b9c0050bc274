/**
 * Settings with write-only secrets: each field has a value from the plugin options (which
 * wins, and shows as "set by configuration"), a stored value saved from the admin, and a
 * default. Secrets are never returned, only whether they are set.
 */
export type SettingField<Options> = {
  /** Dotted path in the API shape, e.g. `bridge.bot_token`. */
  key: string
  secret?: boolean
  fromOptions: (options: Options) => unknown
  fallback: unknown
}

export type EffectiveSettings = {
  values: Record<string, unknown>
  /** Keys whose value comes from the plugin options. */
  configured: string[]
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== ""

export function effectiveSettings<Options>(
  fields: SettingField<Options>[],
  stored: Record<string, unknown>,
  options: Options
): EffectiveSettings {
  const values: Record<string, unknown> = {}
  const configured: string[] = []
  for (const field of fields) {
    const fromOptions = field.fromOptions(options)
    if (isSet(fromOptions)) {
      values[field.key] = fromOptions
      configured.push(field.key)
    } else {
      values[field.key] = isSet(stored[field.key]) ? stored[field.key] : field.fallback
    }
  }
  return { values, configured }
}

function setPath(target: Record<string, unknown>, dottedKey: string, value: unknown) {
  const parts = dottedKey.split(".")
  let node = target
  for (const part of parts.slice(0, -1)) {
    node = (node[part] ??= {}) as Record<string, unknown>
  }
  node[parts[parts.length - 1]] = value
}

/** The admin's view: plain values, `<secret>_set` booleans, and what configuration fixed. */
export function publicSettings<Options>(fields: SettingField<Options>[], effective: EffectiveSettings) {
  const view: Record<string, unknown> = {}
  for (const field of fields) {
    const value = effective.values[field.key]
    if (field.secret) {
      setPath(view, `${field.key}_set`, isSet(value))
    } else {
      setPath(view, field.key, value)
    }
  }
  view.set_by_configuration = effective.configured
  return view
}

/** Flattens a nested POST body to dotted keys; a blank secret keeps the stored value. */
export function settingsToStore<Options>(fields: SettingField<Options>[], body: Record<string, unknown>) {
  const entries: Record<string, unknown> = {}
  for (const field of fields) {
    const value = field.key.split(".").reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      body
    )
    if (value === undefined || (field.secret && value === "")) {
      continue
    }
    entries[field.key] = value === "" ? null : value
  }
  return entries
}
