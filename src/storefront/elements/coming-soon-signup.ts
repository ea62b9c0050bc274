import type { ComingSoonConfig } from "../core/coming-soon-controller"
import type { Labels } from "../core/labels"
import { safeHref } from "../core/offer-html"
import { h } from "./dom"
import { consentField, type ConsentField } from "./consent-field"

/** The forms add-on's embed address, http(s) only (never javascript: or data:). */
const embedUrl = (value: string | null | undefined) => {
  const href = safeHref(value ?? null)
  return href && /^https?:/i.test(href) ? href : null
}

export type SignupMarkup = {
  signup: HTMLElement
  form: HTMLFormElement | null
  email: HTMLInputElement | null
  honeypot: HTMLInputElement | null
  submit: HTMLButtonElement | null
  /** The store's consent checkbox, when it shows one. */
  consent: ConsentField | null
  /** The form has a slot for the CAPTCHA widget, which the element mounts in its light DOM. */
  captcha: boolean
}

/**
 * The block's signup part: the forms add-on's page when the product uses it, else the email
 * form (with its honeypot and CAPTCHA slot), which calls `onSubmit` instead of submitting.
 */
export function buildSignup(config: ComingSoonConfig, labels: Labels, onSubmit: () => void): SignupMarkup {
  const embed = config.email_provider === "forms_addon" ? embedUrl(config.forms_embed_url) : null
  if (embed) {
    // The forms add-on owns this form: its own page, its own submission.
    const signup = h("iframe", { class: "forms-embed", src: embed, title: labels.formsEmbedTitle, loading: "lazy" })
    return { signup, form: null, email: null, honeypot: null, submit: null, consent: null, captcha: false }
  }
  const email = h("input", { type: "email", id: "cs-email", name: "email", required: true, maxlength: "255", autocomplete: "email", placeholder: "you@example.com" })
  const honeypot = h("input", { type: "text", name: "name", tabindex: "-1", autocomplete: "off", hidden: true })
  const submit = h("button", { type: "submit", class: "primary" }, labels.notifyMe)
  const captchaSlot = config.captcha.enabled && config.captcha.site_key ? h("slot", { name: "captcha" }) : null
  const consent = consentField(config.consent, "cs-consent")
  const form = h(
    "form",
    { part: "form", novalidate: true },
    h("label", { class: "sr-only", for: "cs-email" }, labels.signupEmailLabel),
    email,
    // Only bots fill it in. Hidden by attributes, so it stays out of sight and reach unstyled too.
    h("div", { hidden: true, inert: true, "aria-hidden": "true" }, h("label", {}, "Name", honeypot)),
    submit,
    consent?.row,
    captchaSlot ? h("div", { class: "captcha" }, captchaSlot) : null
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    onSubmit()
  })
  const signup = h("div", {}, h("p", { class: "intro" }, labels.signupIntro), form)
  return { signup, form, email, honeypot, submit, consent, captcha: captchaSlot !== null }
}
