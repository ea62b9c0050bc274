import type { ApiClient } from "./api"
import { signupFailureMessage, type SignupInput, type SignupStatus } from "./coming-soon-controller"
import type { Labels } from "./labels"
import { Observable } from "./observable"

export type BackInStockState = {
  /** The variant the form subscribes to: the shopper's pick while it cannot be bought; null otherwise. */
  variantId: string | null
  signup: { status: SignupStatus; message: string | null }
}

const IDLE: BackInStockState["signup"] = { status: "idle", message: null }

/**
 * "Notify me when it's back" for one product page: which sold-out variant the form is for (it
 * follows the variant picker) and the subscription (`POST /store/back-in-stock`). Shared by the
 * custom element and the React hooks.
 */
export class BackInStockController extends Observable<BackInStockState> {
  constructor(private readonly options: { api: ApiClient; labels: Labels }) {
    super({ variantId: null, signup: IDLE })
  }

  /** The variant to offer the form for (null: none, the add-to-cart stays); another variant starts a fresh form. */
  show(variantId: string | null) {
    if (variantId !== this.getState().variantId) this.setState({ variantId, signup: IDLE })
  }

  /** Resolves true once the store keeps the address for the variant. */
  async signup(input: SignupInput): Promise<boolean> {
    const { variantId, signup } = this.getState()
    if (!variantId || signup.status === "submitting") return false
    this.setState({ signup: { status: "submitting", message: null } })
    const body: Record<string, string | boolean> = { variant_id: variantId, email: input.email.trim() }
    // The honeypot: only bots fill it in, and the store refuses them.
    if (input.honeypot) body.website_url = input.honeypot
    if (input.captchaToken) body.captcha_token = input.captchaToken
    if (input.consent) body.consent = true
    let outcome: BackInStockState["signup"]
    try {
      const answer = await this.options.api.post<{ confirmation_required?: boolean }>("/store/back-in-stock", body)
      // Double opt-in: the address waits for its confirmation, so the shopper is told to open the email.
      const { signupConfirm, backInStockSuccess } = this.options.labels
      outcome = { status: "success", message: answer?.confirmation_required === true ? signupConfirm : backInStockSuccess }
    } catch (error) {
      outcome = { status: "error", message: signupFailureMessage(error, this.options.labels) }
    }
    // The shopper may have picked another variant meanwhile: its form stays as it is.
    if (this.getState().variantId === variantId) this.setState({ signup: outcome })
    return outcome.status === "success"
  }
}
