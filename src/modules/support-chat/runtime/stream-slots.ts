import type { StreamScope } from "./stream-scope"

/**
 * Every stream open in this process, visitor and admin: the total cap (each stream holds a
 * socket, timers and a watcher) and the scopes shutdown closes.
 */
export class OpenStreams {
  private readonly scopes = new Set<StreamScope>()

  constructor(readonly max: number) {}

  get size(): number {
    return this.scopes.size
  }

  /** Counts `scope` until it closes; false when the process is full. */
  add(scope: StreamScope): boolean {
    if (this.scopes.size >= this.max) return false
    this.scopes.add(scope)
    scope.defer(() => this.scopes.delete(scope))
    return true
  }

  /** Ends every open stream (clients reconnect elsewhere) and releases what each held. */
  closeAll(): void {
    this.scopes.forEach((scope) => scope.close())
  }
}

export type SlotRefusal = "client_full" | "process_full"

/**
 * Open streams per client IP in this process. Each process counts its own: a cap shared by
 * all processes would need a counter that survives crashes (a stream's end is not always
 * seen), while a per-process cap already bounds what one client can hold on each of them.
 * A slot belongs to a stream's scope and is given back only by that scope closing, so
 * taking and giving back cannot fall out of balance.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>()

  constructor(readonly maxPerClient: number, readonly all: OpenStreams = new OpenStreams(Number.POSITIVE_INFINITY)) {}

  /** Takes a slot for `client`, held until `scope` closes; else why not. */
  acquire(client: string | undefined, scope: StreamScope): SlotRefusal | null {
    const key = client ?? ""
    const held = this.open.get(key) ?? 0
    if (held >= this.maxPerClient) return "client_full"
    if (!this.all.add(scope)) return "process_full"
    this.open.set(key, held + 1)
    scope.defer(() => this.release(key))
    return null
  }

  private release(key: string): void {
    const held = this.open.get(key) ?? 0
    if (held <= 1) {
      this.open.delete(key)
    } else {
      this.open.set(key, held - 1)
    }
  }

  /** Streams open in this pool (for tests). */
  get total(): number {
    let total = 0
    this.open.forEach((held) => (total += held))
    return total
  }
}
