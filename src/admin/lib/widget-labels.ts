import { widgetLabelFault } from "../../shared/browser-safe/widget-labels"

// A store's overrides of the widget's own texts (CONTRACT §9): `widget_labels: { "<tag>":
// { "<label key>": "<ICU message>" } }` on the wire and in the settings form.

export type WidgetLabels = Record<string, Record<string, string>>

/**
 * The overrides as the API takes them (trimmed, empty texts and locales left out), and the
 * texts the widget could not read (`<tag>.<key>`), checked with the widget's own reader.
 */
export function widgetLabelsOf(edited: WidgetLabels): { labels: WidgetLabels; faults: Set<string> } {
  const labels: WidgetLabels = {}
  const faults = new Set<string>()
  for (const [tag, texts] of Object.entries(edited)) {
    const kept = Object.entries(texts)
      .map(([key, text]) => [key, text.trim()] as const)
      .filter(([, text]) => text)
    for (const [key, text] of kept) if (widgetLabelFault(key, text)) faults.add(`${tag}.${key}`)
    if (kept.length) labels[tag] = Object.fromEntries(kept)
  }
  return { labels, faults }
}
