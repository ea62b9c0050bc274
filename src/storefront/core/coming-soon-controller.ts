import { ApiError, type ApiClient } from "./api"
import type { Labels } from "./labels"
import { Observable } from "./observable"
import { cleanSubscriberId } from "./referral"
import { fetchComingSoon, warnLookupFailed, type ComingSoonConfig, type ComingSoonLookup } from "./coming-soon-api"

export type { ComingSoonConfig, ComingSoonLookup }

export type SignupStatus = "idle" | "submitting" | "success" | "error"

export type ComingSoonState = {
  /** `error`: the product's state could not be learnt (network, CORS, an error status); it is not offered for sale. */
  phase: "loading" | "coming_soon" | "available" | "error"
  config: ComingSoonConfig | null
  signup: SignupOutcome
}

export type SignupOutcome = {
  status: SignupStatus
  message: string | null
  mailerId: string | null
  /** The signup's own code from the ledger, for `shared_by`; null from a backend older than it. */
  referralCode: string | null
  /** The signup's place in line and the line's length (CONTRACT §12); absent from a backend older than it. */
  place?: PlaceInLine | null
}

export type PlaceInLine = { position: number; total: number }

/** A place the answer gives as whole positive numbers, else null. */
function placeOf(data: { position?: unknown; total?: unknown } | undefined): PlaceInLine | null {
  const { position, total } = data ?? {}
  const whole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1
  return whole(position) && whole(total) ? { position, total } : null
}

export type SignupInput = {
  email: string
  /** The hidden `name` field: people leave it empty. */
  honeypot?: string
  captchaToken?: string | null
  /** The store's consent checkbox, ticked: sent as `consent: true`. */
  consent?: boolean
}

type SignupResponse = {
  success: boolean
  data?: {
    mailer_id?: string | number | null
    referral_code?: string | null
    confirmation_required?: boolean
    position?: number
    total?: number
    message?: string
  }
}

/** What a failed signup (waitlist or back in stock) tells the shopper. */
export function signupFailureMessage(error: unknown, labels: Labels): string {
  if (!(error instanceof ApiError)) return labels.signupFailed
  if (error.status === 429) return labels.signupRateLimited(Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)))
  // 400s say what to fix (invalid email, failed CAPTCHA); other failures get the plain text.
  return error.status === 400 && error.message ? error.message : labels.signupFailed
}

export type ComingSoonControllerOptions = {
  api: ApiClient
  productId: string
  labels: Labels
  /** The referrer kept from the landing URL (cookie `cs_shared_by_id`). */
  sharedBy: () => string | null
  /** The backend the lookup calls, named in the console when it fails. */
  backendUrl?: string
  /**
   * A lookup already made (the script-tag loader fetches it to decide whether to load the block),
   * or null when it failed (already logged).
   */
  initial?: ComingSoonLookup | null
}

/**
 * One product's coming-soon state: whether it is coming soon, its settings and signup token,
 * and the signup. Shared by the custom element and the React hooks.
 */
export class ComingSoonController extends Observable<ComingSoonState> {
  constructor(private readonly options: ComingSoonControllerOptions) {
    super({ phase: "loading", config: null, signup: { status: "idle", message: null, mailerId: null, referralCode: null } })
    if (options.initial) this.adopt(options.initial)
    else if (options.initial === null) this.setState({ phase: "error", config: null })
  }

  async load(): Promise<void> {
    try {
      this.adopt(await fetchComingSoon(this.options.api, this.options.productId))
    } catch (error) {
      // Unknown state (backend down, CORS refused, an error status): not offered for sale, and the console says why.
      warnLookupFailed(this.options.productId, error, this.options.backendUrl ?? "")
      this.setState({ phase: "error", config: null })
    }
  }

  /** Resolves true on success; the state carries the referral code (and subscriber id) for the share links. */
  async signup(input: SignupInput, retried = false): Promise<boolean> {
    const { config, signup } = this.getState()
    if (!config || signup.status === "submitting" || signup.status === "success") return false
    this.setState({ signup: { status: "submitting", message: null, mailerId: null, referralCode: null } })
    const body: Record<string, string | boolean> = {
      signup_token: config.signup_token,
      product_id: config.product_id,
      email: input.email.trim(),
      name: input.honeypot ?? "",
    }
    const sharedBy = cleanSubscriberId(this.options.sharedBy())
    if (sharedBy) body.shared_by = sharedBy
    if (input.captchaToken) body.captcha_token = input.captchaToken
    if (input.consent) body.consent = true
    try {
      const answer = await this.options.api.post<SignupResponse>("/store/coming-soon/signup", body)
      const id = answer.data?.mailer_id
      const mailerId = typeof id === "number" ? String(id) : cleanSubscriberId(id)
      const referralCode = cleanSubscriberId(answer.data?.referral_code)
      const { signupSuccess, signupConfirm } = this.options.labels
      const message = answer.data?.confirmation_required === true ? signupConfirm : signupSuccess
      this.setState({ signup: { status: "success", message, mailerId, referralCode, place: placeOf(answer.data) } })
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !retried) {
        // The signup token expired (the page stayed open for a day): fetch a fresh one, try once more.
        await this.load()
        this.setState({ signup: { status: "idle", message: null, mailerId: null, referralCode: null } })
        return this.getState().config ? this.signup(input, true) : false
      }
      this.setState({ signup: { status: "error", message: signupFailureMessage(error, this.options.labels), mailerId: null, referralCode: null } })
      return false
    }
  }

  private adopt(lookup: ComingSoonLookup) {
    if (lookup.coming_soon) this.setState({ phase: "coming_soon", config: lookup })
    else this.setState({ phase: "available", config: null })
  }
}
