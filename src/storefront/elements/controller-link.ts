type Subscribable = { subscribe(listener: () => void): () => void }

/**
 * An element's hold on the controller it shows: replaced through `configure`, followed with
 * one subscription at a time while the element is in the page.
 */
export class ControllerLink<Controller extends Subscribable> {
  current: Controller | null = null
  private unsubscribe: (() => void) | null = null

  constructor(private readonly onChange: () => void) {}

  /** Takes `controller` in place of the current one; false when it already is the current one. */
  replace(controller: Controller): boolean {
    if (controller === this.current) return false
    this.unfollow()
    this.current = controller
    return true
  }

  /** Calls `onChange` on every change of the current controller's state from now on. */
  follow() {
    if (!this.current) return
    this.unsubscribe?.()
    this.unsubscribe = this.current.subscribe(this.onChange)
  }

  unfollow() {
    this.unsubscribe?.()
    this.unsubscribe = null
  }
}
