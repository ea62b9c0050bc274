import type { BackInStockController, BackInStockState } from "../core/back-in-stock-controller"
import type { CaptchaProvider } from "../core/captcha"
import type { Theme } from "../core/config"
import { DEFAULT_LABELS } from "../core/default-labels"
import type { Labels } from "../core/labels"
import type { ShopperLocale } from "../core/shopper-locale"
import { BACK_IN_STOCK_CSS } from "./back-in-stock-styles"
import { CaptchaSlot, captchaNeeded, type CaptchaSetting } from "./captcha-slot"
import { ControllerLink } from "./controller-link"
import { consentField, consentMissing, consentTicked, type ConsentField } from "./consent-field"
import type { ConsentSetting } from "../../shared/browser-safe/coming-soon-config"
import { accentText, h, rootStyles, type RootStyles } from "./dom"
import { BACK_IN_STOCK_TAG } from "./tags"

export { BACK_IN_STOCK_TAG }

export type BackInStockElementSettings = {
  controller: BackInStockController
  labels?: Labels
  /** The texts' language: the element's `lang` and `dir`. */
  locale?: Pick<ShopperLocale, "lang" | "dir">
  /** The store's CAPTCHA (the coming-soon settings'); the form shows its widget when enabled. */
  captcha?: CaptchaSetting | null
  /** The store's consent checkbox (the coming-soon settings'); the form shows it when set. */
  consent?: ConsentSetting | null
  /** Used when `captcha` does not name the provider. */
  captchaProvider?: CaptchaProvider
  captchaScriptUrl?: string
  /** The page's CSP nonce: on the CAPTCHA's script tag, and the `<style>` where constructable stylesheets are missing. */
  nonce?: string
  theme?: Theme
}

/** `<launchdesk-back-in-stock>` once defined: hand it a controller with `configure`. */
export interface BackInStockElement extends HTMLElement {
  configure(settings: BackInStockElementSettings): void
}

export const isBackInStockElement = (element: Element | null): element is BackInStockElement =>
  element !== null && typeof Reflect.get(element, "configure") === "function" && element.localName === BACK_IN_STOCK_TAG

type Ui = {
  form: HTMLFormElement
  email: HTMLInputElement
  honeypot: HTMLInputElement
  consent: ConsentField | null
  submit: HTMLButtonElement
  status: HTMLParagraphElement
}

/** Defines `<launchdesk-back-in-stock>` (once; only in a browser): the "Notify me when it's back" form. */
export function defineBackInStockElement() {
  if (typeof customElements === "undefined" || customElements.get(BACK_IN_STOCK_TAG)) return

  class LaunchDeskBackInStock extends HTMLElement implements BackInStockElement {
    private readonly link = new ControllerLink<BackInStockController>(() => this.render())
    private readonly captcha = new CaptchaSlot(this)
    private settings: Omit<BackInStockElementSettings, "controller"> = {}
    private labels: Labels = DEFAULT_LABELS
    private styles: RootStyles | null = null
    private ui: Ui | null = null
    /** The variant the form on screen is for: another one gets the form back, empty. */
    private shownFor: string | null = null

    configure({ controller, ...settings }: BackInStockElementSettings) {
      this.settings = settings
      if (settings.theme) this.setAttribute("theme", settings.theme)
      if (settings.labels) this.labels = settings.labels
      if (settings.locale) {
        this.setAttribute("lang", settings.locale.lang)
        this.setAttribute("dir", settings.locale.dir)
      }
      if (!this.link.replace(controller)) return
      this.ui = null
      this.shownFor = null
      if (this.isConnected) this.attach()
    }

    connectedCallback() {
      this.attach()
    }

    disconnectedCallback() {
      this.link.unfollow()
    }

    private attach() {
      if (!this.link.current) return
      this.link.follow()
      this.render()
    }

    private render() {
      const state = this.link.current?.getState()
      if (!state) return
      this.hidden = state.variantId === null
      if (state.variantId === null) return
      const ui = this.ui ?? this.build()
      if (this.shownFor !== state.variantId) {
        this.shownFor = state.variantId
        ui.form.hidden = false
        this.showStatus("", "")
      }
      this.renderSignup(ui, state)
    }

    private build(): Ui {
      const labels = this.labels
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" })
      this.styles ??= rootStyles(root, BACK_IN_STOCK_CSS, this.settings.nonce)
      const email = h("input", { type: "email", id: "bis-email", name: "email", required: true, maxlength: "255", autocomplete: "email", placeholder: labels.emailPlaceholder })
      const honeypot = h("input", { type: "text", name: "website_url", tabindex: "-1", autocomplete: "off" })
      const submit = h("button", { type: "submit", class: "primary" }, labels.notifyWhenBack)
      const withCaptcha = captchaNeeded(this.settings.captcha)
      const consent = consentField(this.settings.consent, "bis-consent")
      const form = h(
        "form",
        { part: "form", novalidate: true },
        h("label", { class: "sr-only", for: "bis-email" }, labels.signupEmailLabel),
        email,
        // Only bots fill it in. Hidden by attributes, so it stays out of sight and reach unstyled too.
        h("div", { hidden: true, inert: true, "aria-hidden": "true" }, h("label", {}, "Website", honeypot)),
        submit,
        consent?.row,
        withCaptcha ? h("div", { class: "captcha" }, h("slot", { name: "captcha" })) : null
      )
      form.addEventListener("submit", (event) => {
        event.preventDefault()
        void this.submit()
      })
      const status = h("p", { class: "status", role: "status", tabindex: "-1" })
      const intro = h("p", { class: "intro", id: "bis-intro" }, labels.backInStockIntro)
      root.replaceChildren(
        ...this.styles.nodes,
        h("section", { class: "block", part: "block", "aria-labelledby": "bis-intro" }, intro, form, status)
      )
      // The button shows the accent: its text keeps 4.5:1 on it.
      this.styles.set("")
      const text = accentText(submit)
      this.styles.set(text ? `:host{--_accent-text:${text}}` : "")
      if (withCaptcha && this.settings.captcha) {
        const { captchaProvider = "turnstile", captchaScriptUrl, nonce } = this.settings
        void this.captcha.mount(this.settings.captcha, captchaProvider, captchaScriptUrl, nonce).then((mounted) => {
          if (!mounted) this.showStatus(this.labels.signupFailed, "error")
        })
      }
      this.ui = { form, email, honeypot, consent, submit, status }
      return this.ui
    }

    private async submit() {
      const ui = this.ui
      const controller = this.link.current
      if (!ui || !controller) return
      if (!ui.email.checkValidity()) {
        this.showStatus(this.labels.emailInvalid, "error")
        ui.email.focus()
        return
      }
      if (consentMissing(ui.consent)) {
        this.showStatus(this.labels.consentRequired, "error")
        ui.consent?.input.focus()
        return
      }
      if (captchaNeeded(this.settings.captcha) && !this.captcha.token) {
        this.showStatus(this.labels.captchaRequired, "error")
        return
      }
      const ok = await controller.signup({
        email: ui.email.value,
        honeypot: ui.honeypot.value,
        captchaToken: this.captcha.token,
        consent: consentTicked(ui.consent),
      })
      if (!ok) this.captcha.reset()
    }

    private showStatus(message: string, kind: "error" | "success" | "") {
      if (!this.ui) return
      this.ui.status.textContent = message
      this.ui.status.className = `status ${kind}`
    }

    private renderSignup(ui: Ui, state: BackInStockState) {
      const { status, message } = state.signup
      ui.submit.disabled = status === "submitting"
      ui.submit.textContent = status === "submitting" ? this.labels.signingUp : this.labels.notifyWhenBack
      if (status === "error") this.showStatus(message ?? this.labels.signupFailed, "error")
      if (status === "submitting") this.showStatus("", "")
      if (status === "success" && !ui.form.hidden) {
        ui.form.hidden = true
        this.showStatus(message ?? this.labels.backInStockSuccess, "success")
        ui.status.focus()
      }
    }
  }

  customElements.define(BACK_IN_STOCK_TAG, LaunchDeskBackInStock)
}
