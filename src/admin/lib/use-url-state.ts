import { useSearchParams } from "react-router-dom"

/**
 * Filters kept in the URL, so a reload or a shared link shows the same list. `update` sets or
 * (for undefined and "") removes keys and, unless told otherwise, goes back to page one.
 *
 * Each update starts from the address bar, not from the `params` of the last render: the
 * router renders a navigation as a React transition, later under load, and react-router's
 * functional `setSearchParams` hands over the params of that last render. Two updates before
 * it (a cleared search, then a tab) would both start from the old params, and the second
 * would bring the cleared search back.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams()
  const update = (changes: Record<string, string | undefined>, { resetPage = true } = {}) => {
    const next = new URLSearchParams(window.location.search)
    for (const [key, value] of Object.entries({ ...(resetPage ? { page: undefined } : {}), ...changes })) {
      if (value === undefined || value === "") next.delete(key)
      else next.set(key, value)
    }
    setParams(next, { replace: true })
  }
  return { params, update }
}
