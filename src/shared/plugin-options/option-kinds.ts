import { z } from "@medusajs/framework/zod"

/** How an option shows in the docs table (see plugin-options-table.ts). */
export type OptionDoc = {
  /** The table's Meaning cell. A field without one is described in its parent's row. */
  description?: string
  /** The table section a top-level option belongs to (Deliveries, Chat, …). */
  group?: string
  /** The Default cell when the default is not a plain value (it depends on the host, or there is none). */
  defaultText?: string
  /** Said after a plain default, e.g. `10485760` (10 MiB). */
  defaultNote?: string
  /** Named in the previous row instead of its own (`captcha.provider` / `captcha.siteKey`). */
  sharesRow?: boolean
  /** Never repeated in an error message. */
  secret?: boolean
}

/** The documentation attached to an option's schema, if any. */
export const optionDoc = (schema: z.ZodType): OptionDoc | undefined => z.globalRegistry.get(schema) as OptionDoc | undefined

export const doc = <T extends z.ZodType>(schema: T, meta: OptionDoc): T => schema.meta(meta)

export const MEBIBYTE = 1024 * 1024

const spoken = (values: readonly string[]) =>
  values.length === 1 ? values[0] : `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`

/** A whole number from `min` (to `max`), each failure said the same way. */
export function wholeNumber(min: 0 | 1, max?: number) {
  const expected =
    max !== undefined
      ? `expected a whole number from ${min} to ${max}`
      : min === 1
        ? "expected a positive whole number"
        : "expected a whole number, 0 or more"
  const number = z.number({ error: expected }).int({ error: expected }).min(min, { error: expected })
  return max === undefined ? number : number.max(max, { error: expected })
}

export const positiveNumber = () => z.number({ error: "expected a positive number" }).positive({ error: "expected a positive number" })
export const text = () => z.string({ error: "expected a string" })
export const flag = () => z.boolean({ error: "expected true or false" })

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value.trim())) return false
  const { protocol } = new URL(value.trim())
  return protocol === "http:" || protocol === "https:"
}
/** An absolute http(s) URL. */
export const httpUrl = () => text().refine(isHttpUrl, { error: "expected an absolute http(s) URL" })
/** An absolute http(s) URL, or blank: not set, as the code that reads the option takes it. */
export const httpUrlOrBlank = () =>
  text().refine((value) => value.trim() === "" || isHttpUrl(value), { error: "expected an absolute http(s) URL" })

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`)

/** One of `values`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected ${spoken(quoted(values))}` })

/** One of `values`, or "" read as not set (the admin's settings then apply). */
export const oneOfOrBlank = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal("")], { error: `expected ${spoken([...quoted(values), '"" (not set)'])}` })

/** A plugin-owned level of the options: unknown keys there are mistakes. */
export const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: "expected an object" })

/** `{ max, windowSeconds }` of a limiter, each falling back to the default's. */
export const limitRule = (max: number, windowSeconds: number) =>
  group({ max: wholeNumber(1).default(max), windowSeconds: wholeNumber(1).default(windowSeconds) }).prefault({})
