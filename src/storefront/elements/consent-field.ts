import type { ConsentSetting } from "../../shared/browser-safe/coming-soon-config"
import { h } from "./dom"

export type ConsentField = { row: HTMLDivElement; input: HTMLInputElement; required: boolean }

/**
 * The store's consent checkbox under a signup form, or null when it shows none: a real
 * checkbox with its own label, the text exactly as the store sent it (what the signup keeps).
 */
export function consentField(consent: ConsentSetting | null | undefined, id: string): ConsentField | null {
  if (!consent?.text) return null
  const input = h("input", { type: "checkbox", id, name: "consent", required: consent.required })
  const row = h("div", { class: "consent" }, input, h("label", { for: id }, consent.text))
  return { row, input, required: consent.required }
}

/** Whether the form must not be sent yet: the store requires the checkbox and it is not ticked. */
export const consentMissing = (field: ConsentField | null) => field !== null && field.required && !field.input.checked

/** What the signup sends: `consent: true` only when ticked. */
export const consentTicked = (field: ConsentField | null) => field?.input.checked === true
