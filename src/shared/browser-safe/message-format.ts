/**
 * The ICU MessageFormat subset the widget's texts use, read without eval (strict CSP pages):
 * `{name}`, `{n, number}`, `{n, plural, =0 {…} one {# item} other {# items}}` (`#` is the count,
 * formatted for the locale), `{x, select, a {…} other {…}}`, and quoting (`''` is an
 * apostrophe, `'{…}'` literal text). Plural categories come from `Intl.PluralRules`.
 */

type Part = string | { arg: string; type?: "number" | "plural" | "select"; cases?: Record<string, Part[]> } | 0
/** `0` stands for `#` inside a plural case. */
export type Message = Part[]

/** A message, parsed; throws a SyntaxError naming the position of the first fault. */
export function parseMessage(source: string): Message {
  let at = 0
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${at} in "${source}"`)
  }
  const name = () => {
    const found = /^\s*([\w=-]+)\s*/.exec(source.slice(at))
    if (!found) fail("a name is missing")
    at += found![0].length
    return found![1]
  }

  function parts(inPlural: boolean, nested: boolean): Message {
    const out: Message = []
    let text = ""
    while (at < source.length) {
      const char = source[at]
      if (char === "}") {
        if (!nested) fail("an unmatched }")
        break
      }
      at++
      if (char === "'") {
        const next = source[at]
        if (next === "'") {
          text += "'"
          at++
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          const end = source.indexOf("'", at)
          if (end < 0) fail("an unclosed quote")
          text += source.slice(at, end)
          at = end + 1
        } else text += "'"
      } else if (char === "#" && inPlural) {
        if (text) out.push(text)
        text = ""
        out.push(0)
      } else if (char === "{") {
        if (text) out.push(text)
        text = ""
        out.push(argument())
      } else text += char
    }
    if (text) out.push(text)
    return out
  }

  function argument(): Part {
    const arg = name()
    if (source[at] === "}") {
      at++
      return { arg }
    }
    if (source[at] !== ",") fail("a , or } is missing")
    at++
    const type = name()
    if (type === "number" && source[at] === "}") {
      at++
      return { arg, type }
    }
    if ((type !== "plural" && type !== "select") || source[at] !== ",") fail(`an unsupported argument type ${type}`)
    at++
    const cases: Record<string, Part[]> = {}
    while (source[at] !== "}") {
      const key = name()
      if (source[at] !== "{") fail("a case's { is missing")
      at++
      cases[key] = parts(type === "plural", true)
      if (source[at] !== "}") fail("a case's } is missing")
      at++
      at += /^\s*/.exec(source.slice(at))![0].length
      if (at >= source.length) fail("a } is missing")
    }
    if (!cases.other) fail("the other case is missing")
    at++
    return { arg, type: type as "plural" | "select", cases }
  }

  const message = parts(false, false)
  return message
}

/** The message with `values` filled in, numbers and plurals as `locale` writes them. */
export function formatMessage(message: Message, values: Readonly<Record<string, unknown>>, locale: string, count?: number): string {
  let out = ""
  for (const part of message) {
    if (typeof part === "string") out += part
    else if (part === 0) out += new Intl.NumberFormat(locale).format(count ?? 0)
    else {
      const value = values[part.arg]
      if (part.type === "plural") {
        const n = Number(value)
        const cases = part.cases!
        const chosen = cases[`=${n}`] ?? cases[new Intl.PluralRules(locale).select(n)] ?? cases.other
        out += formatMessage(chosen, values, locale, n)
      } else if (part.type === "select") {
        const cases = part.cases!
        const key = value == null || value === "" ? "none" : String(value)
        out += formatMessage(cases[key] ?? cases.other, values, locale, count)
      } else if (part.type === "number") out += new Intl.NumberFormat(locale).format(Number(value))
      else out += value == null ? "" : String(value)
    }
  }
  return out
}

/** The names of the arguments a message reads. */
export function argumentsOf(message: Message, into = new Set<string>()): Set<string> {
  for (const part of message) {
    if (typeof part === "object") {
      into.add(part.arg)
      for (const inner of Object.values(part.cases ?? {})) argumentsOf(inner, into)
    }
  }
  return into
}
