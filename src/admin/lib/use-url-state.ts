import { useSearchParams } from "react-router-dom"

/**
 * Filters kept in the URL, so a reload or a shared link shows the same list. `update` sets or
 * (for undefined and "") removes keys and, unless told otherwise, goes back to page one.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams()
  const update = (changes: Record<string, string | undefined>, { resetPage = true } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries({ ...(resetPage ? { page: undefined } : {}), ...changes })) {
          if (value === undefined || value === "") next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true }
    )
  return { params, update }
}
