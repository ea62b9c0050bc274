/** What went wrong, for a log line or a stored error: an Error's message, else the thrown value as text. */
export const errorReason = (error: unknown) => (error instanceof Error ? error.message : String(error))
