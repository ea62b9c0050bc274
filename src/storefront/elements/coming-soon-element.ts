import type { CaptchaProvider } from "../core/captcha"
import type { ComingSoonConfig, ComingSoonController, ComingSoonState } from "../core/coming-soon-controller"
import { countdownParts, formatArrivalDate, parseArrivalDate } from "../core/countdown"
import { DEFAULT_LABELS } from "../core/default-labels"
import type { Theme } from "../core/config"
import type { Labels } from "../core/labels"
import type { ShopperLocale } from "../core/shopper-locale"
import { offerFragment } from "../core/offer-html"
import { sharedByOf, shareLinks } from "../core/referral"
import { CaptchaSlot, captchaNeeded } from "./captcha-slot"
import { buildSignup } from "./coming-soon-signup"
import { consentMissing, consentTicked, type ConsentField } from "./consent-field"
import { COMING_SOON_CSS } from "./coming-soon-styles"
import { ControllerLink } from "./controller-link"
import { accentText, h, rootStyles, type RootStyles } from "./dom"
import { COMING_SOON_TAG } from "./tags"

export { COMING_SOON_TAG }

export type ComingSoonElementSettings = {
  controller: ComingSoonController
  labels?: Labels
  /** The texts' language: the element's `lang` and `dir` (right-to-left mirrors the block), its dates and numbers. */
  locale?: Pick<ShopperLocale, "lang" | "dir">
  /** Used when the store's settings do not name the provider. */
  captchaProvider?: CaptchaProvider
  captchaScriptUrl?: string
  /** The page's CSP nonce: on the CAPTCHA's script tag, and the `<style>` where constructable stylesheets are missing. */
  nonce?: string
  /** "light", "dark" or "auto" (default): the shopper's `prefers-color-scheme`. */
  theme?: Theme
  /**
   * Puts the product in the cart as the store's own add-to-cart does: called by the block's
   * "Pre-order" button, shown when the product takes pre-orders (CONTRACT §12). Without it the
   * block shows no such button.
   */
  preorder?: () => void
}

/** `<launchdesk-coming-soon>` once defined: hand it a controller with `configure`. */
export interface ComingSoonElement extends HTMLElement {
  configure(settings: ComingSoonElementSettings): void
}

export const isComingSoonElement = (element: Element | null): element is ComingSoonElement =>
  element !== null && typeof Reflect.get(element, "configure") === "function" && element.localName === COMING_SOON_TAG

const UNITS = ["days", "hours", "minutes", "seconds"] as const

function pageTitle(): string {
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute("content")
  return (og || document.title || "").trim()
}

/** Defines `<launchdesk-coming-soon>` (once; only in a browser). */
export function defineComingSoonElement() {
  if (typeof customElements === "undefined" || customElements.get(COMING_SOON_TAG)) return

  class LaunchDeskComingSoon extends HTMLElement implements ComingSoonElement {
    private readonly link = new ControllerLink<ComingSoonController>(() => this.render())
    private labels: Labels = DEFAULT_LABELS
    private textLang = "en"
    private captchaProvider: CaptchaProvider = "turnstile"
    private captchaScriptUrl: string | undefined
    private builtFor: ComingSoonConfig | null = null
    private tickTimer: ReturnType<typeof setTimeout> | null = null
    /** Updates the countdown and schedules the next update; null once the date has passed. */
    private countdownTick: (() => void) | null = null
    private readonly captcha = new CaptchaSlot(this)
    private cspNonce: string | undefined
    private preorder: (() => void) | undefined
    private styles: RootStyles | null = null
    private ui: {
      form: HTMLFormElement | null
      email: HTMLInputElement | null
      honeypot: HTMLInputElement | null
      consent: ConsentField | null
      submit: HTMLButtonElement | null
      status: HTMLParagraphElement
      share: HTMLDivElement
      place: HTMLParagraphElement
      facebook: HTMLAnchorElement
      x: HTMLAnchorElement
    } | null = null

    configure({ controller, labels, locale, captchaProvider, captchaScriptUrl, nonce, theme, preorder }: ComingSoonElementSettings) {
      this.cspNonce ??= nonce
      const preorderChanged = preorder !== this.preorder
      this.preorder = preorder
      if (theme) this.setAttribute("theme", theme)
      if (labels) this.labels = labels
      if (locale) {
        this.textLang = locale.lang
        this.setAttribute("lang", locale.lang)
        this.setAttribute("dir", locale.dir)
      }
      if (captchaProvider) this.captchaProvider = captchaProvider
      this.captchaScriptUrl = captchaScriptUrl
      if (!this.link.replace(controller)) {
        // The same product: only a new pre-order action rebuilds the block.
        if (preorderChanged && this.isConnected) {
          this.builtFor = null
          this.render()
        }
        return
      }
      this.builtFor = null
      if (this.isConnected) this.attach()
    }

    connectedCallback() {
      this.attach()
    }

    disconnectedCallback() {
      this.link.unfollow()
      this.stopCountdown()
    }

    private attach() {
      if (!this.link.current) return
      this.link.follow()
      this.render()
      // Moved in the page (a storefront re-rendering around it): the countdown runs on.
      if (this.countdownTick && !this.tickTimer) this.countdownTick()
    }

    private stylesOf(root: ShadowRoot): RootStyles {
      this.styles ??= rootStyles(root, COMING_SOON_CSS, this.cspNonce)
      return this.styles
    }

    private render() {
      const state = this.link.current?.getState()
      if (!state) return
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" })
      if (state.phase === "error") {
        // The product's state is unknown: say it cannot be bought now, in the add-to-cart's place.
        this.hidden = false
        this.stopCountdown()
        this.countdownTick = null
        this.builtFor = null
        this.ui = null
        root.replaceChildren(
          ...this.stylesOf(root).nodes,
          h("p", { class: "block unavailable", part: "unavailable", role: "status" }, this.labels.unavailable)
        )
        return
      }
      if (state.phase !== "coming_soon" || !state.config) {
        this.hidden = true
        this.stopCountdown()
        this.countdownTick = null
        root.replaceChildren()
        this.builtFor = null
        return
      }
      this.hidden = false
      // A refreshed signup token is a new config object: keep the form the shopper is using.
      if (!this.builtFor) {
        this.build(root, state.config)
        this.builtFor = state.config
      }
      this.renderSignup(state)
    }

    private build(root: ShadowRoot, config: ComingSoonConfig) {
      const labels = this.labels
      const target = parseArrivalDate(config.arrival_date)
      const arrives =
        target !== null && config.arrival_date
          ? h("p", { class: "arrives" }, labels.arrives(formatArrivalDate(config.arrival_date, target, this.textLang)))
          : null
      // No valid date: no countdown at all (never NaN boxes).
      const countdown = target === null ? null : this.buildCountdown(target)

      const offer = h("div", { class: "offer", part: "offer" })
      offer.appendChild(offerFragment(config.offer_description))

      const status = h("p", { class: "status", role: "status", tabindex: "-1" })
      const facebook = h("a", { class: "facebook", target: "_blank", rel: "noopener noreferrer", href: "#" }, labels.shareFacebook)
      const x = h("a", { class: "x", target: "_blank", rel: "noopener noreferrer", href: "#" }, labels.shareX)
      const place = h("p", { class: "place", part: "place", id: "cs-place", hidden: true })
      const share = h("div", { class: "share", part: "share", hidden: true }, place, h("p", {}, labels.shareIntro), facebook, x)

      const { signup, form, email, honeypot, submit, consent, captcha } = buildSignup(config, labels, () => void this.submit())
      if (captcha) void this.mountCaptcha(config)

      const eyebrow = h("p", { class: "eyebrow", id: "cs-title" }, labels.comingSoon)
      root.replaceChildren(
        ...this.stylesOf(root).nodes,
        h(
          "section",
          { class: "block", part: "block", "aria-labelledby": "cs-title" },
          eyebrow,
          arrives,
          countdown,
          offer,
          signup,
          status,
          share,
          this.buildPreorder(config)
        )
      )
      this.ui = { form, email, honeypot, consent, submit, status, share, place, facebook, x }
      // The badge and the button show the accent: their text keeps 4.5:1 on it.
      const styles = this.stylesOf(root)
      styles.set("")
      const text = accentText(eyebrow)
      styles.set(text ? `:host{--_accent-text:${text}}` : "")
    }

    /** "Pre-order" beside the signup: the store's own add-to-cart, for a product that takes pre-orders. */
    private buildPreorder(config: ComingSoonConfig): HTMLElement | null {
      const preorder = this.preorder
      if (!config.preorder || !preorder) return null
      const button = h("button", { type: "button", "aria-describedby": "cs-preorder-note" }, this.labels.preorder)
      button.addEventListener("click", () => preorder())
      return h("div", { class: "preorder", part: "preorder" }, h("p", { id: "cs-preorder-note" }, this.labels.preorderNote), button)
    }

    private buildCountdown(target: number): HTMLElement {
      const labels = this.labels
      const values = UNITS.map(() => h("span", { class: "value" }, "00"))
      const countdown = h(
        "div",
        { class: "countdown", part: "countdown", role: "timer", "aria-label": labels.countdownLabel },
        ...UNITS.map((unit, index) => h("div", { class: `unit ${unit}` }, values[index], h("span", { class: "label" }, labels[unit])))
      )
      // Digits as the shopper's language writes them (Arabic-Indic in Arabic), two per unit below days.
      const digits = (minimumIntegerDigits: number) => new Intl.NumberFormat(this.textLang, { minimumIntegerDigits, useGrouping: false })
      const [day, unit2] = [digits(1), digits(2)]
      const tick = () => {
        const parts = countdownParts(target, Date.now())
        if (!parts) {
          // The date has passed: the timer goes away (the product stays coming soon until the store says so).
          countdown.hidden = true
          this.stopCountdown()
          this.countdownTick = null
          return
        }
        countdown.classList.toggle("long", parts.days >= 100)
        UNITS.forEach((unit, index) => {
          values[index].textContent = (unit === "days" ? day : unit2).format(parts[unit])
        })
        // Next whole second, so the boxes change together with the clock.
        this.tickTimer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5)
      }
      this.stopCountdown()
      this.countdownTick = tick
      tick()
      return countdown
    }

    private stopCountdown() {
      if (this.tickTimer) clearTimeout(this.tickTimer)
      this.tickTimer = null
    }

    private async mountCaptcha(config: ComingSoonConfig) {
      const mounted = await this.captcha.mount(config.captcha, this.captchaProvider, this.captchaScriptUrl, this.cspNonce)
      if (!mounted && this.ui) this.showStatus(this.labels.signupFailed, "error")
    }

    private async submit() {
      const ui = this.ui
      const controller = this.link.current
      if (!ui?.email || !controller) return
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
      const config = controller.getState().config
      if (captchaNeeded(config?.captcha) && !this.captcha.token) {
        this.showStatus(this.labels.captchaRequired, "error")
        return
      }
      const ok = await controller.signup({
        email: ui.email.value,
        honeypot: ui.honeypot?.value ?? "",
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

    private renderSignup(state: ComingSoonState) {
      const ui = this.ui
      if (!ui) return
      const { status, message } = state.signup
      if (ui.submit) {
        ui.submit.disabled = status === "submitting"
        ui.submit.textContent = status === "submitting" ? this.labels.signingUp : this.labels.notifyMe
      }
      if (status === "error") this.showStatus(message ?? this.labels.signupFailed, "error")
      if (status === "submitting") this.showStatus("", "")
      if (status === "success" && ui.share.hidden) {
        if (ui.form) ui.form.hidden = true
        ui.form?.parentElement?.querySelector(".intro")?.setAttribute("hidden", "")
        this.showStatus(message ?? this.labels.signupSuccess, "success")
        const links = shareLinks(location.href, sharedByOf(state.signup), this.labels.shareText(pageTitle()))
        ui.facebook.href = links.facebook
        ui.x.href = links.x
        const place = state.signup.place
        if (place) {
          ui.place.textContent = this.labels.placeInLine(place.position, place.total)
          ui.place.hidden = false
          // Read with the success message when it takes the focus.
          ui.status.setAttribute("aria-describedby", "cs-place")
        }
        ui.share.hidden = false
        ui.status.focus()
      }
    }
  }

  customElements.define(COMING_SOON_TAG, LaunchDeskComingSoon)
}
