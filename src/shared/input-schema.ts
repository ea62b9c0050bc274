import { z } from "@medusajs/framework/zod"
import { canonicalLocale } from "./browser-safe/locale"

/**
 * The edge's building blocks for every id, integer and text a route takes (CONTRACT §5), on
 * both lanes: what passes here is something PostgreSQL can store and compare, so no input
 * reaches the database only to fail there as a 500.
 */

/** The largest value of PostgreSQL's `integer` (int4), the type of every numeric id. */
export const INT4_MAX = 2147483647
/** Product, customer and user ids are short; anything longer cannot be one. */
export const MAX_STRING_ID_LENGTH = 255

// A NUL byte cannot be stored in PostgreSQL text or jsonb; a lone surrogate has no UTF-8
// encoding. With the `u` flag a well-formed surrogate pair is one code point, so only lone
// halves match `\p{Cs}`.
const UNSAFE_CHARACTER = /[\0\p{Cs}]/u
const UNSAFE_TEXT_MESSAGE = "must not contain NUL bytes or unpaired surrogates"

/** True when PostgreSQL can store the text as it is. */
export const isSafeText = (text: string) => !UNSAFE_CHARACTER.test(text)

/** A path id as a 404's message names it (" <id>"): only when it is printable text of a sane length, else nothing. */
export const shownPathId = (raw: string | undefined) => (raw !== undefined && raw.length <= 64 && isSafeText(raw) ? ` ${raw}` : "")

/**
 * A string free of NUL bytes and lone surrogates, at most `max` UTF-16 units when given;
 * `error` is the message for a missing or non-string value.
 */
export function safeText(options: { max?: number; error?: string } = {}) {
  const text = z.string(options.error ? { error: options.error } : undefined).refine(isSafeText, UNSAFE_TEXT_MESSAGE)
  return options.max === undefined ? text : text.max(options.max)
}

// Query strings and form posts carry numbers as text: a plain decimal integer is read as one,
// a blank as absent (a default then applies); anything else (1e3, 0x10, arrays) fails the check.
const readInteger = (value: unknown) => {
  if (typeof value !== "string") return value
  if (value.trim() === "") return undefined
  return /^\s*-?\d+\s*$/.test(value) ? Number(value) : value
}

/**
 * An integer within `min..max`: a number, or (unless `text` is false, for a JSON setting that
 * must be typed as a number) a decimal string as a query string carries it.
 */
export function integer({ min, max, text = true }: { min: number; max: number; text?: boolean }) {
  const number = z
    .number({ error: "must be an integer" })
    .int("must be an integer")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
  return z.preprocess((value) => (text ? readInteger(value) : value), number)
}

/** A row id (PostgreSQL `integer`, 1..2147483647). */
export const int4Id = () => integer({ min: 1, max: INT4_MAX })

/** `since_id` and `Last-Event-ID`: 0..2147483647, 0 when absent. */
export const sinceId = () => integer({ min: 0, max: INT4_MAX }).default(0)

/** A product, customer or user id: non-empty, at most 255 characters, storable text. */
export const stringId = () => safeText({ max: MAX_STRING_ID_LENGTH }).min(1, "must not be empty")

/** An int4 id in a path segment, written canonically ("12", not "012" or "1e1"); null when it cannot exist. */
/** A BCP 47 language tag, answered in its canonical form (`pt-br` → `pt-BR`). */
export const localeTag = () =>
  safeText({ max: 35 }).transform((tag, ctx) => {
    const canonical = canonicalLocale(tag)
    if (!canonical) {
      ctx.addIssue({ code: "custom", message: "must be a BCP 47 language tag, such as en, de-AT or pt-BR" })
      return z.NEVER
    }
    return canonical
  })

/** The most locales one text's `translations` may hold. */
export const MAX_TRANSLATED_LOCALES = 50

/**
 * A store text's per-locale variants, `{ "<tag>": variant }` (CONTRACT §9): each key a BCP 47
 * tag, kept in its canonical form; two keys for the same tag (`de`, `DE`) and more than
 * MAX_TRANSLATED_LOCALES locales are refused.
 */
export function translations<V extends z.ZodType>(variant: V) {
  return z.record(z.string(), variant).transform((entries, ctx) => {
    const keys = Object.keys(entries)
    if (keys.length > MAX_TRANSLATED_LOCALES) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_TRANSLATED_LOCALES} locales` })
      return z.NEVER
    }
    const canonical: [string, z.output<V>][] = []
    for (const key of keys) {
      const tag = canonicalLocale(key)
      if (!tag) {
        ctx.addIssue({ code: "custom", message: "each key must be a BCP 47 language tag, such as de or pt-BR" })
        return z.NEVER
      }
      if (canonical.some(([seen]) => seen === tag)) {
        ctx.addIssue({ code: "custom", message: `${tag} is given twice` })
        return z.NEVER
      }
      canonical.push([tag, entries[key] as z.output<V>])
    }
    return Object.fromEntries(canonical) as Record<string, z.output<V>>
  })
}

export function int4IdFromPath(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= INT4_MAX ? id : null
}

/** True for a value that can be a product, customer or user id (see `stringId`). */
export const isStringId = (value: unknown): value is string => stringId().safeParse(value).success

/** One line for a client about the first problem zod found (no input value is echoed back). */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (issue.code === "unrecognized_keys") {
    return `Unknown field(s): ${issue.keys.join(", ")}`
  }
  return `Invalid ${issue.path.join(".") || "request"}: ${issue.message}`
}
