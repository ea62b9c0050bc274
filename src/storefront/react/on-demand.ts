// The parts of the React bindings that load on mount, each through a dynamic import(): the app's
// bundler makes every one a chunk of its own, so a page's first load carries only the components'
// shells. Each loads once per page.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    // A failed load (a chunk the network dropped) is tried again by the next caller.
    loading ??= load().catch((error: unknown) => {
      loading = null
      console.warn("[LaunchDesk] could not load part of the storefront bindings:", error)
      throw error
    })
    return loading
  }
}

export const loadChatRuntime = once(() => import("./chat-runtime"))
export const loadComingSoonRuntime = once(() => import("./coming-soon-runtime"))
export const loadBackInStockRuntime = once(() => import("./back-in-stock-runtime"))

/** useSyncExternalStore's subscription while a part has not loaded: nothing changes until it has. */
export const noSubscription = () => () => undefined

/** The end of a chain started by a load: its failure was logged where it happened. */
export const alreadyLogged = () => undefined
