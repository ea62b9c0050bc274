export const MESSAGE_WRITE_ERROR = "MessageWriteError"

/**
 * A statement that stores a chat message failed in the database (a trigger or constraint, a
 * lost connection, a full disk). The message, its conversation's update and its recorded
 * effects are one statement, so none of them was kept and the sender may simply try again
 * (only a connection lost during the commit itself leaves that unknown).
 * Like `SettingsWriteError`, it keeps the SQL state (as `sqlState`, not `code`, which Medusa's
 * error handler would read) and drops knex's statement, its values (the message's text) and
 * the cause, so a log line holds no shopper's words.
 */
export class MessageWriteError extends Error {
  readonly sqlState: string | undefined

  constructor(failure: unknown) {
    const state =
      typeof failure === "object" && failure !== null && "code" in failure && typeof failure.code === "string"
        ? failure.code
        : undefined
    super(`Storing a chat message failed${state ? ` (SQLSTATE ${state})` : ""}: nothing of it was kept`)
    this.name = MESSAGE_WRITE_ERROR
    this.sqlState = state
  }
}

/** Also recognises the copy a workflow's run throws (Medusa serializes a step's error, its name kept). */
export const isMessageWriteError = (error: unknown): error is Pick<MessageWriteError, "name" | "message"> =>
  typeof error === "object" && error !== null && "name" in error && error.name === MESSAGE_WRITE_ERROR

/** What a sender is told when the database refused the message (503, `Retry-After`); nothing was stored. */
export const MESSAGE_NOT_STORED = "The message could not be stored and nothing of it was kept: please send it again."
/** Seconds a sender waits before sending a refused message again. */
export const MESSAGE_RETRY_AFTER_SECONDS = 2
