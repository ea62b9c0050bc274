import { INT4_MAX } from "../../../shared/input-schema"

/**
 * A position in the staff inbox's order (newest activity first, then id): the list goes on
 * with the conversations strictly after it. `activity` is the UTC timestamp to the
 * microsecond, as PostgreSQL stores it (a JavaScript Date would round it to milliseconds).
 */
export type InboxCursor = { activity: string; id: number }

const ACTIVITY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const SEPARATOR = "|"

/** The opaque `next_cursor` the route hands out. */
export const encodeInboxCursor = ({ activity, id }: InboxCursor) =>
  Buffer.from(`${activity}${SEPARATOR}${id}`, "utf8").toString("base64url")

/** The position in a cursor from `encodeInboxCursor`, or null for anything else. */
export function decodeInboxCursor(cursor: string): InboxCursor | null {
  const [activity, rawId, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR)
  if (rest.length || !ACTIVITY.test(activity ?? "") || !/^\d{1,10}$/.test(rawId ?? "")) return null
  const id = Number(rawId)
  // A calendar date that exists (no 2026-02-31): it reads back as itself.
  const parsed = new Date(Date.parse(activity))
  const real = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === activity.slice(0, 19)
  return real && id >= 1 && id <= INT4_MAX ? { activity, id } : null
}
