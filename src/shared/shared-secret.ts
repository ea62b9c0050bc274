/** The bridge secret's rules, read by the chat module at start and by the admin settings. */

/** The shortest bridge secret accepted, from the plugin options or the admin settings. */
export const MIN_SHARED_SECRET_LENGTH = 32

export const SHARED_SECRET_TOO_SHORT =
  `The bridge's shared secret must be at least ${MIN_SHARED_SECRET_LENGTH} characters long (spaces around it do not count); ` +
  "generate one with `openssl rand -hex 32`."

/** A secret as it is kept and compared: trimmed; blank is none. */
export function normalisedSharedSecret(value: string | null | undefined): string | null {
  const trimmed = typeof value === "string" ? value.trim() : ""
  return trimmed ? trimmed : null
}

/** Whether a (trimmed) secret is long enough to be used. */
export const isLongEnoughSharedSecret = (value: string) => value.length >= MIN_SHARED_SECRET_LENGTH

/**
 * The secret the hook checks against: trimmed, and none when it is shorter than the minimum
 * (one saved before the minimum existed), so a guessable secret never opens the hook.
 */
export function usableSharedSecret(value: string | null | undefined): string | null {
  const secret = normalisedSharedSecret(value)
  return secret && isLongEnoughSharedSecret(secret) ? secret : null
}

/**
 * The `bridge.sharedSecret` plugin option, checked once at start: trimmed, blank is none,
 * and a shorter one than the minimum stops the app with a message that says why.
 */
export function sharedSecretOption(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== "string") throw new Error("The plugin option bridge.sharedSecret must be a string.")
  const secret = normalisedSharedSecret(value)
  if (secret && !isLongEnoughSharedSecret(secret)) throw new Error(`Plugin option bridge.sharedSecret: ${SHARED_SECRET_TOO_SHORT}`)
  return secret
}
