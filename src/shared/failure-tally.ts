/**
 * A run's failed sends counted by reason and logged once when the run ends: a store without an
 * email provider, or a provider that is down, gets one line per run with the count, not one per
 * row and attempt.
 */
export class FailureTally {
  private readonly reasons = new Map<string, { count: number; setAside: number }>()

  /** One failed send; `setAside` when the row ran out of attempts (retried only from the admin). */
  add(reason: string, setAside = false) {
    const entry = this.reasons.get(reason) ?? { count: 0, setAside: 0 }
    entry.count++
    if (setAside) entry.setAside++
    this.reasons.set(reason, entry)
  }

  /** One warning per reason: how many `what` failed, how many of them were set aside, and the reason (the rest are retried after the backoff). */
  report(log: { warn: (message: string) => void }, what: string) {
    for (const [reason, { count, setAside }] of this.reasons) {
      const aside = setAside ? ` (${setAside} out of attempts, set aside: retry them in the admin)` : ""
      log.warn(`launchdesk: ${count} ${what} failed in this run${aside}: ${reason}`)
    }
    this.reasons.clear()
  }
}
