/**
 * Loads a part of the bundle that a page needs only sometimes (the coming-soon block, the
 * chat's extras) with a script tag, once per page; a failed load is tried again on the next call.
 * `read` finds what the script put on `window`. A part that cannot load is named in the console:
 * the widget goes on without it. `nonce` is the page's CSP nonce, for a policy that uses one.
 */
export function scriptModuleLoader<T>(url: () => string, read: () => T | undefined, nonce?: string): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    loading ??= new Promise<T>((resolve, reject) => {
      const present = read()
      if (present) {
        resolve(present)
        return
      }
      const element = document.createElement("script")
      element.src = url()
      element.async = true
      if (nonce) element.nonce = nonce
      element.onload = () => {
        const loaded = read()
        if (loaded) resolve(loaded)
        else reject(new Error(`${element.src} defined nothing`))
      }
      element.onerror = () => reject(new Error(`could not load ${element.src}`))
      document.head.appendChild(element)
    }).catch((error: unknown) => {
      loading = null
      console.warn("[LaunchDesk]", error instanceof Error ? error.message : error)
      throw error
    })
    return loading
  }
}
