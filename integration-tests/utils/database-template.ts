import * as postgresTemplate from "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"

/** PostgreSQL refuses to copy a database while another session is connected to it. */
export const DATABASE_IN_USE = "55006"

type Options = { attempts: number; pauseMs: number }

/**
 * `copy`, tried again while PostgreSQL answers that the database is in use. The runner
 * closes every session of the database before it copies it, but a session that was opening
 * at that moment (the app's pool or a LISTEN client reconnecting) is not among those it
 * closes and outlives PostgreSQL's five-second wait; a second try closes it too.
 */
export async function retryWhileInUse<T>(copy: () => Promise<T>, { attempts, pauseMs }: Options): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await copy()
    } catch (error) {
      if ((error as { code?: string }).code !== DATABASE_IN_USE || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
}

let retrying = false

/**
 * Makes Medusa's runner try its snapshot of the spec's database again while the database is
 * in use (see retryWhileInUse), as it already does when it drops one. The runner reaches the
 * function through its module's exports at each call, so replacing the export reaches it.
 */
export function retrySnapshotsWhileInUse(options: Options = { attempts: 5, pauseMs: 250 }) {
  if (retrying) return
  const exports = postgresTemplate as { createPostgresDatabaseTemplate: typeof postgresTemplate.createPostgresDatabaseTemplate }
  const snapshot = exports.createPostgresDatabaseTemplate
  if (typeof snapshot !== "function") throw new Error("@medusajs/test-utils no longer exports createPostgresDatabaseTemplate")
  exports.createPostgresDatabaseTemplate = (names) => retryWhileInUse(() => snapshot(names), options)
  retrying = true
}
