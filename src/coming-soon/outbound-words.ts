import { OutboundFailure } from "../shared/outbound-http"

/**
 * A failed mailing-list or CAPTCHA call in the words the signup ledger and its logs have
 * always used ("timed out after 5000 ms", "network error (ECONNREFUSED)").
 */
export function describeOutboundFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof OutboundFailure)) {
    return "network error"
  }
  if (error.kind === "timeout") {
    return `timed out after ${timeoutMs} ms`
  }
  if (error.kind === "too_large") {
    return error.message
  }
  return error.code ? `network error (${error.code})` : "network error"
}
