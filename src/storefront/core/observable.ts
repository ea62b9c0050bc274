export type Listener = () => void

/**
 * The smallest state container both front-ends can share: custom elements subscribe to it,
 * and React reads it through `useSyncExternalStore` (a new object on every change).
 */
export class Observable<S extends object> {
  private state: S
  private readonly listeners = new Set<Listener>()

  constructor(initial: S) {
    this.state = initial
  }

  getState = (): S => this.state

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  protected setState(patch: Partial<S>) {
    this.state = { ...this.state, ...patch }
    for (const listener of [...this.listeners]) listener()
  }
}
