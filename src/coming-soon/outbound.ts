/** Helpers shared by the outbound clients (mailing list, CAPTCHA). */

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null || !("cause" in error)) {
    return undefined
  }
  const cause = error.cause
  return typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string"
    ? cause.code
    : undefined
}

/** Why a fetch failed, in words that never contain a header (so never a credential). */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  // Duck-typed: the DOMException fetch throws is not always an `Error` of this realm.
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : undefined
  if (name === "TimeoutError" || name === "AbortError") {
    return `timed out after ${timeoutMs} ms`
  }
  const code = errorCode(error)
  return code ? `network error (${code})` : "network error"
}

/** Reads a JSON body; null when it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
