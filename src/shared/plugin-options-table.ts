import { z } from "@medusajs/framework/zod"
import { LaunchDeskPluginOptions, optionDoc, unwrapped } from "./plugin-options"

/**
 * The "Options" table of docs/configuration.md, written from the options' schema: one row per
 * documented option, in the schema's order, under its group's heading.
 */

export const OPTIONS_TABLE_START = "<!-- options table: generated from src/shared/plugin-options.ts by `npm run docs:options` -->"
export const OPTIONS_TABLE_END = "<!-- end of the generated options table -->"

type Row = { group: string | undefined; names: string[]; defaultCell: string; meaning: string }

const code = (text: string) => `\`${text}\``

/** A default as the table shows it: URLs bare, other strings quoted, objects as `{ key: value }`. */
function shownValue(value: unknown): string {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? value : JSON.stringify(value)
  if (Array.isArray(value)) return JSON.stringify(value)
  if (typeof value === "object" && value !== null) {
    return `{ ${Object.entries(value)
      .map(([key, inner]) => `${key}: ${shownValue(inner)}`)
      .join(", ")} }`
  }
  return String(value)
}

/** The value `.default()` gives, looked for through the optional and prefault wrappers. */
function plainDefault(schema: z.ZodType): { value: unknown } | undefined {
  let layer: z.ZodType = schema
  while (layer instanceof z.ZodOptional || layer instanceof z.ZodPrefault || layer instanceof z.ZodDefault) {
    if (layer instanceof z.ZodDefault) return { value: layer.def.defaultValue }
    layer = layer.unwrap() as z.ZodType
  }
  return undefined
}

/** An object's default made of its fields' defaults (`{ max: 10, windowSeconds: 60 }`), when they have any. */
function fieldDefaults(schema: z.ZodType): { value: unknown } | undefined {
  const inner = unwrapped(schema)
  if (!(inner instanceof z.ZodObject)) return undefined
  const entries = Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const given = plainDefault(field) ?? fieldDefaults(field)
    return given ? [[key, given.value] as const] : []
  })
  return entries.length ? { value: Object.fromEntries(entries) } : undefined
}

function defaultCell(schema: z.ZodType): string {
  const meta = optionDoc(schema)
  if (meta?.defaultText) return meta.defaultText
  const given = plainDefault(schema) ?? fieldDefaults(schema)
  if (!given) return "(none)"
  return meta?.defaultNote ? `${code(shownValue(given.value))} (${meta.defaultNote})` : code(shownValue(given.value))
}

function collectRows(shape: Record<string, z.ZodType>, prefix: string[], group: string | undefined, rows: Row[]) {
  for (const [key, schema] of Object.entries(shape)) {
    const meta = optionDoc(schema)
    const name = [...prefix, key].join(".")
    const rowGroup = meta?.group ?? group
    if (meta?.sharesRow && rows.length) {
      rows[rows.length - 1].names.push(name)
      continue
    }
    if (meta?.description) {
      rows.push({ group: rowGroup, names: [name], defaultCell: defaultCell(schema), meaning: meta.description })
    }
    const inner = unwrapped(schema)
    if (inner instanceof z.ZodObject) {
      collectRows(inner.shape as Record<string, z.ZodType>, [...prefix, key], rowGroup, rows)
    }
  }
}

const cell = (text: string) => text.replace(/\|/g, "\\|")

/** The table, without the markers around it. */
export function optionsTable(schema: z.ZodObject = LaunchDeskPluginOptions): string {
  const rows: Row[] = []
  collectRows(schema.shape as Record<string, z.ZodType>, [], undefined, rows)
  const lines = ["| Option | Default | Meaning |", "|---|---|---|"]
  let group: string | undefined
  for (const row of rows) {
    if (row.group && row.group !== group) {
      lines.push(`| **${cell(row.group)}** | | |`)
      group = row.group
    }
    lines.push(`| ${cell(row.names.map(code).join(" / "))} | ${cell(row.defaultCell)} | ${cell(row.meaning)} |`)
  }
  return lines.join("\n")
}

/** `markdown` with the text between the table's markers replaced by `table`. */
export function withOptionsTable(markdown: string, table: string = optionsTable()): string {
  const start = markdown.indexOf(OPTIONS_TABLE_START)
  const end = markdown.indexOf(OPTIONS_TABLE_END)
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`The options table's markers are missing: ${OPTIONS_TABLE_START} ... ${OPTIONS_TABLE_END}`)
  }
  // Blank lines around the table keep the comments from running into it in any Markdown reader.
  return `${markdown.slice(0, start + OPTIONS_TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`
}
