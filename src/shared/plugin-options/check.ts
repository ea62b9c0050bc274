import { z } from "@medusajs/framework/zod"
import { optionDoc } from "./option-kinds"
import { LaunchDeskPluginOptions, type LaunchDeskPluginOptionsType } from "./schema"

// Keys Medusa itself puts into a module's options (its database connection settings).
const MEDUSA_MODULE_OPTION_KEYS = ["database"]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The schema of the option at `path`, through optional and defaulted wrappers. */
function schemaAt(path: readonly PropertyKey[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = LaunchDeskPluginOptions
  for (const key of path) {
    schema = schema && unwrapped(schema)
    schema = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[String(key)] : undefined
  }
  return schema
}

/** The schema inside optional, default and prefault wrappers. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
    inner = inner.unwrap() as z.ZodType
  }
  return inner
}

function valueAt(options: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined), options)
}

/** A given value as an error message may repeat it: short, and never a secret. */
function shown(value: unknown, secret: boolean): string {
  if (value === undefined) return "nothing"
  if (Array.isArray(value)) return "a list"
  if (typeof value === "object" && value !== null) return "an object"
  if (typeof value === "function") return "a function"
  if (secret) return typeof value === "string" ? `a string of ${value.trim().length} characters` : `a ${typeof value}`
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
  return String(value)
}

const isSecretPath = (path: readonly PropertyKey[]) =>
  path.some((_, index) => optionDoc(schemaAt(path.slice(0, index + 1)) ?? z.never())?.secret === true)

const pathName = (path: readonly PropertyKey[]) => path.map(String).join(".")

/** One line per problem, each naming the option and what was expected. */
function describeProblems(options: unknown, error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const level = unwrapped(schemaAt(issue.path) ?? LaunchDeskPluginOptions)
      const known = level instanceof z.ZodObject ? Object.keys(level.shape).join(", ") : ""
      const where = issue.path.length ? `${pathName(issue.path)} takes` : "the options are"
      return issue.keys.map(
        (key) => `LaunchDesk option ${pathName([...issue.path, key])}: not an option of the plugin (${where} ${known})`
      )
    }
    const given = shown(valueAt(options, issue.path), isSecretPath(issue.path))
    // A message that is a sentence of its own (the shared secret's) loses its full stop before "got".
    return [`LaunchDesk option ${pathName(issue.path) || "(options)"}: ${issue.message.replace(/\.$/, "")}, got ${given}`]
  })
}

/**
 * Checks the plugin options a module was given, before anything reads them: a value of the
 * wrong type or out of range, or a key the plugin does not know, stops the start with one line
 * per problem naming the option. The options themselves are returned as given (each reader
 * applies its defaults), so the same object stays shared by the plugin's modules.
 */
export function checkPluginOptions(options: unknown): LaunchDeskPluginOptionsType {
  const given = options ?? {}
  if (!isRecord(given)) {
    throw new Error(`LaunchDesk options: expected an object, got ${shown(given, false)}`)
  }
  const own = Object.fromEntries(Object.entries(given).filter(([key]) => !MEDUSA_MODULE_OPTION_KEYS.includes(key)))
  const result = LaunchDeskPluginOptions.safeParse(own)
  if (!result.success) {
    throw new Error(describeProblems(own, result.error).join("\n"))
  }
  return given as LaunchDeskPluginOptionsType
}
