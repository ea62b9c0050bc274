/**
 * Reads `read` every 50 ms until `done` holds or `timeoutMs` pass, and returns the last value
 * either way: the assertion that follows says what was expected, and shows what came instead.
 */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
