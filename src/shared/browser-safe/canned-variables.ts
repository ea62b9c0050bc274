/**
 * The variables a canned response may use (CONTRACT §6), filled in for one conversation. A
 * variable with no value for it, or a name this list does not know, stays in the text as
 * written and is listed in `missing`: the agent sees it before sending, and a reply that still
 * holds one is refused (`findUnfilledVariable`), so a template's braces never reach a shopper.
 */
export const CANNED_VARIABLES = [
  "customer.first_name",
  "order.display_id",
  "order.status",
  "order.fulfillment_status",
  "order.tracking_number",
  "store.name",
] as const
export type CannedVariable = (typeof CANNED_VARIABLES)[number]

export type VariableValues = Partial<Record<CannedVariable, string | null>>

// `{{ name }}`: letters, digits, dots and underscores, spaces allowed inside the braces.
const VARIABLE = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g

/** The variable names a text uses, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1]))]
}

/**
 * The text with every variable that has a value filled in; the rest are `missing`. One pass
 * over the canned text: a value is inserted as it is and never read as a template itself, so a
 * customer whose first name is `{{store.name}}` or `{{` is greeted by exactly that name.
 */
export function renderCannedText(text: string, values: VariableValues): { text: string; missing: string[] } {
  const missing = new Set<string>()
  const rendered = text.replace(VARIABLE, (written, name: string) => {
    const value = (values as Record<string, string | null | undefined>)[name]?.trim()
    if (value) return value
    missing.add(name)
    return written
  })
  return { text: rendered, missing: [...missing] }
}

/** Whether every variable of `text` has a value (an auto-reply may only pick such an answer). */
export const canFill = (text: string, values: VariableValues) => renderCannedText(text, values).missing.length === 0

/**
 * The first `{{variable}}` left in a reply, if any. Braces inside one of `values` (the
 * conversation's own customer data, as a render inserted it) are that data, not a variable.
 */
export function findUnfilledVariable(text: string, values: VariableValues = {}): string | null {
  const inserted = Object.values(values)
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value?.includes("{{")))
    .sort((a, b) => b.length - a.length)
  // Each inserted value becomes a blank: no variable can start, end or be inside one.
  const outside = inserted.reduce((rest, value) => rest.split(value).join(" "), text)
  const [match] = outside.matchAll(VARIABLE)
  return match ? match[0] : null
}
