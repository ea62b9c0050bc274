import { isCaptchaProvider, loadCaptcha, type CaptchaApi, type CaptchaProvider } from "../core/captcha"
import type { CaptchaSetting } from "../../shared/browser-safe/coming-soon-config"

export type { CaptchaSetting }

/** True when the form needs the CAPTCHA: enabled, with the site key the widget renders with. */
export const captchaNeeded = (setting: CaptchaSetting | null | undefined): setting is CaptchaSetting & { site_key: string } =>
  setting?.enabled === true && !!setting.site_key

/**
 * A signup form's CAPTCHA widget, rendered in its element's light DOM (`slot="captcha"`: the
 * providers' scripts cannot reach into a shadow root), and the token it gave until used.
 */
export class CaptchaSlot {
  token: string | null = null
  private widget: { api: CaptchaApi; id: string | number } | null = null

  constructor(private readonly host: HTMLElement) {}

  /** Loads the provider's script and renders the widget; false when the script could not load. */
  async mount(setting: CaptchaSetting, fallback: CaptchaProvider, scriptUrl?: string, nonce?: string): Promise<boolean> {
    if (!captchaNeeded(setting)) return true
    const provider = isCaptchaProvider(setting.provider) ? setting.provider : fallback
    let container = this.host.querySelector<HTMLElement>(':scope > [slot="captcha"]')
    if (!container) {
      container = document.createElement("div")
      container.slot = "captcha"
      this.host.appendChild(container)
    }
    try {
      const api = await loadCaptcha(provider, scriptUrl, nonce)
      const forget = () => {
        this.token = null
      }
      const id = api.render(container, {
        sitekey: setting.site_key,
        callback: (token) => {
          this.token = token
        },
        "expired-callback": forget,
        "error-callback": forget,
      })
      this.widget = { api, id }
      return true
    } catch {
      return false
    }
  }

  /** After a failed attempt: a token is single-use, the next one needs a fresh one. */
  reset() {
    if (!this.widget) return
    this.widget.api.reset(this.widget.id)
    this.token = null
  }
}
