/**
 * What one stream holds (its slot, timers, feed watcher, response), released together and
 * exactly once: when the client's signal aborts (the response closed, at any point, even
 * before the stream started), when the stream ends itself, or at shutdown. A release added
 * after the scope closed runs at once, so nothing taken late can be kept.
 */
export class StreamScope {
  private readonly releases: (() => void)[] = []
  private done = false

  constructor(signal: AbortSignal) {
    if (signal.aborted) {
      this.done = true
    } else {
      signal.addEventListener("abort", () => this.close(), { once: true })
    }
  }

  get closed(): boolean {
    return this.done
  }

  /** Runs `release` when the scope closes (now, if it already has). */
  defer(release: () => void): void {
    if (this.done) {
      release()
    } else {
      this.releases.push(release)
    }
  }

  close(): void {
    if (this.done) return
    this.done = true
    // Last taken, first released; one failing release must not keep the others.
    for (const release of this.releases.splice(0).reverse()) {
      try {
        release()
      } catch {
        // Releases only clear timers, maps and sockets; nothing to report to anyone.
      }
    }
  }
}
