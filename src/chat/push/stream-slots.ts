/**
 * Open streams per client IP in this process. Each process counts its own: a cap shared by
 * all processes would need a counter that survives crashes (a stream's end is not always
 * seen), while a per-process cap already bounds what one client can hold on each of them.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>()

  constructor(readonly maxPerClient: number) {}

  /** Takes a slot for `client`; false when it holds `maxPerClient` already. */
  acquire(client: string | undefined): boolean {
    const key = client ?? ""
    const held = this.open.get(key) ?? 0
    if (held >= this.maxPerClient) return false
    this.open.set(key, held + 1)
    return true
  }

  release(client: string | undefined): void {
    const key = client ?? ""
    const held = this.open.get(key) ?? 0
    if (held <= 1) {
      this.open.delete(key)
    } else {
      this.open.set(key, held - 1)
    }
  }

  /** Streams open in this process (for tests and shutdown). */
  get total(): number {
    let total = 0
    this.open.forEach((held) => (total += held))
    return total
  }
}
