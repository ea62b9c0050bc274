/**
 * The limiter counts in clock-aligned windows: a case that counts up to a limit and starts late
 * in one window could end in the next, where its last request is admitted again. Waits for the
 * next window when less than `marginSeconds` are left of this one.
 */
export async function freshLimitWindow(windowSeconds = 60, marginSeconds = 10) {
  const into = (Date.now() / 1000) % windowSeconds
  if (into > windowSeconds - marginSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - into + 0.5) * 1000))
  }
}
