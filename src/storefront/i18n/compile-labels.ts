import { argumentsOf, formatMessage, parseMessage } from "../../shared/browser-safe/message-format"
import { LABEL_ARGUMENTS } from "../../shared/browser-safe/widget-label-arguments"

export { LABEL_ARGUMENTS } from "../../shared/browser-safe/widget-label-arguments"

export type CompiledLabel = string | ((...values: unknown[]) => string)

/**
 * Messages (ICU strings, or functions a React app passes) as the widget reads its labels: a text
 * of `LABEL_ARGUMENTS` becomes a function of its values, a text without arguments its plain
 * string, and a text of the on-demand parts with `{placeholders}` (`attachTooLarge`, ...) stays
 * as written for the part to fill. A message that does not parse is left out (the default
 * stays) and logged.
 */
export function compileLabels(messages: Readonly<Record<string, unknown>>, locale: string): Record<string, CompiledLabel> {
  const labels: Record<string, CompiledLabel> = {}
  for (const [key, source] of Object.entries(messages)) {
    if (typeof source === "function") labels[key] = source as CompiledLabel
    if (typeof source !== "string") continue
    try {
      const message = parseMessage(source)
      const names = LABEL_ARGUMENTS[key]
      if (names) {
        labels[key] = (...values) => formatMessage(message, Object.fromEntries(names.map((name, index) => [name, values[index]])), locale)
      } else labels[key] = argumentsOf(message).size ? source : formatMessage(message, {}, locale)
    } catch (error) {
      console.warn(`[LaunchDesk] the label ${key} is not a valid message:`, error)
    }
  }
  return labels
}
