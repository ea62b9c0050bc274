/**
 * Loads a part of the bundle that a page needs only sometimes (the coming-soon block, the
 * chat's extras) with a script tag, once per page; a failed load is tried again on the next call.
 * `read` finds what the script put on `window`.
 */
export function scriptModuleLoader<T>(url: () => string, read: () => T | undefined): () => Promise<T> {
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
      element.onload = () => {
        const loaded = read()
        if (loaded) resolve(loaded)
        else reject(new Error(`${element.src} defined nothing`))
      }
      element.onerror = () => reject(new Error(`could not load ${element.src}`))
      document.head.appendChild(element)
    }).catch((error: unknown) => {
      loading = null
      throw error
    })
    return loading
  }
}
