import { useState } from "react"

/**
 * Calls `onChange` in the render where `value` differs from the previous render's (not on the
 * first): React's way to reset state when a prop changes, so no render shows the old state.
 * `onChange` may set the calling component's state.
 */
export function useOnChange<Value>(value: Value, onChange: (value: Value) => void) {
  const [previous, setPrevious] = useState(value)
  if (!Object.is(previous, value)) {
    setPrevious(value)
    onChange(value)
  }
}
