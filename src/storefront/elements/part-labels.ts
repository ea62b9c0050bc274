/** An on-demand part's texts: the store's strings over `defaults`, only the part's own keys. */
export function partLabels<K extends string>(defaults: Record<K, string>, given: Readonly<Record<string, unknown>>): Record<K, string> {
  const labels = { ...defaults }
  for (const key of Object.keys(labels) as K[]) {
    const value = given[key]
    if (typeof value === "string" && value) labels[key] = value
  }
  return labels
}
