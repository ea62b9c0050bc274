import { OutboundFailure, sendOutbound } from "../shared/outbound-http"

/** What the bot sends to `POST /hooks/app/v1/bridge/incoming`. */
export type RelayMessage = {
  thread_id: string
  author_name: string
  message: string
  /** The platform's message id: LaunchDesk stores a redelivered message once. */
  platform_message_id: string
}

/** `stored`; `not_ours`: a thread LaunchDesk did not open (404); `rejected`: 400/401; `failed`: gave up retrying. */
export type RelayOutcome = "stored" | "not_ours" | "rejected" | "failed"

export type HookClientOptions = {
  /** The Medusa backend's URL, e.g. `https://api.shop.example`. */
  backendUrl: string
  sharedSecret: string
  timeoutMs?: number
  /** Tries per message for network errors, 429 and 5xx. */
  attempts?: number
  /** Milliseconds before the first retry; doubles each time. */
  retryDelayMs?: number
  log?: (line: string) => void
}

const HOOK_PATH = "/hooks/app/v1/bridge/incoming"
// The chat's own limit; a longer reply is cut rather than refused.
const MAX_MESSAGE_LENGTH = 5000

const truncate = (text: string) => {
  const chars = [...text]
  return chars.length <= MAX_MESSAGE_LENGTH ? text : `${chars.slice(0, MAX_MESSAGE_LENGTH - 1).join("")}…`
}

/** Posts relayed replies to LaunchDesk's hook route with the shared secret, retrying transient failures. */
export class LaunchDeskHook {
  private readonly url: string

  constructor(private readonly options: HookClientOptions) {
    this.url = `${options.backendUrl.replace(/\/+$/, "")}${HOOK_PATH}`
  }

  async relay(message: RelayMessage): Promise<RelayOutcome> {
    const attempts = this.options.attempts ?? 4
    const log = this.options.log ?? (() => undefined)
    const body = JSON.stringify({ ...message, message: truncate(message.message) })
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let status: number | string
      try {
        const response = await sendOutbound({
          method: "POST",
          url: this.url,
          headers: { "content-type": "application/json", "x-app-secret": this.options.sharedSecret },
          body,
          timeoutMs: this.options.timeoutMs ?? 10_000,
        })
        status = response.status
      } catch (error) {
        status = error instanceof OutboundFailure ? error.message : "network error"
      }
      if (status === 200) return "stored"
      if (status === 404) return "not_ours"
      if (status === 401) {
        log("launchdesk-bridge-bot: LaunchDesk refused the shared secret (HTTP 401); check LAUNCHDESK_SHARED_SECRET")
        return "rejected"
      }
      if (typeof status === "number" && status >= 400 && status < 500 && status !== 429) {
        log(`launchdesk-bridge-bot: LaunchDesk refused message ${message.platform_message_id} (HTTP ${status})`)
        return "rejected"
      }
      if (attempt < attempts) {
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 1000) * 2 ** (attempt - 1)))
      } else {
        log(`launchdesk-bridge-bot: could not deliver message ${message.platform_message_id} (${status}); giving up`)
      }
    }
    return "failed"
  }
}
