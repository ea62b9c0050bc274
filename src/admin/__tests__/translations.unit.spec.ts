import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import resources from "../i18n"
import { formatTotal } from "../lib/format"
import { inboxAlerts } from "../lib/inbox-alerts"
import { localeTag, NAMESPACE, t } from "../lib/i18n"
import { startI18n } from "./start-i18n"

/**
 * The admin's words all go through the plugin's namespace: every key the code uses is in every
 * language, every language has exactly English's keys (with its own plural forms), and no
 * user-visible English is left written into the screens.
 */

const ADMIN = path.resolve(__dirname, "..")
const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pl", "ptBR", "sv"]
const PLURAL = /_(zero|one|two|few|many|other)$/
// Names of brands and platforms, the same in every language.
const ALLOWED_LITERALS = new Set(["Slack", "Discord", "Cloudflare Turnstile", "Google reCAPTCHA", "hCaptcha"])
// Props and fields whose text a person reads (or hears from a screen reader).
const VISIBLE_PROPS = new Set([
  "label",
  "placeholder",
  "aria-label",
  "title",
  "alt",
  "description",
  "heading",
  "subtitle",
  "empty",
  "hint",
  "content",
  "loadingLabel",
  "confirmText",
  "cancelText",
  "success",
  "failure",
  "error",
])

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

type Messages = { [key: string]: string | Messages }
type Finding = { file: string; line: number; text: string }

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>()
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") flat.set(name, value)
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text)
  }
  return flat
}

// The JSON files' own types fit the nested string map as they are: no cast.
const catalogs: Record<string, Record<string, Messages>> = resources
const catalog = (language: string) => flatten(catalogs[language][NAMESPACE])

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== "__tests__" && entry.name !== "i18n") sourceFiles(full, found)
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      found.push(full)
    }
  }
  return found
}

const hasWords = (text: string) => /[A-Za-z]{2}/.test(text) && !ALLOWED_LITERALS.has(text.trim())
const isTranslateCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ["t", "translate"].includes(node.expression.text)
const propName = (name: ts.PropertyName | ts.JsxAttributeName) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : ts.isJsxNamespacedName?.(name) ? name.name.text : name.getText()

/** What the static scan finds in src/admin: keys used, keys given as expressions, plural uses, and English left in. */
function scan() {
  const used: (Finding & { plural: boolean })[] = []
  const dynamic: Finding[] = []
  const english: Finding[] = []
  const routeLabels: Finding[] = []
  for (const file of sourceFiles(ADMIN)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
    const at = (node: ts.Node, text: string): Finding => ({
      file: path.relative(ADMIN, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text,
    })
    const literalText = (node: ts.Node) =>
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ")
          : ts.isJsxText(node)
            ? node.text.trim()
            : undefined

    // `visible`: the node's text is what a person reads (JSX children, visible props).
    const visit = (node: ts.Node, visible: boolean): void => {
      if (isTranslateCall(node)) {
        const [key, options] = node.arguments
        if (key && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key))) {
          const plural =
            !!options &&
            ts.isObjectLiteralExpression(options) &&
            options.properties.some((property) => property.name && propName(property.name) === "count")
          used.push({ ...at(key, key.text), plural })
        } else if (!file.endsWith(path.join("lib", "i18n.ts"))) {
          dynamic.push(at(node, node.getText()))
        }
        node.arguments.slice(1).forEach((argument) => visit(argument, visible))
        return
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression
        // `toast.success("…")` and the like show their argument.
        const isToast =
          ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "toast"
        // defineRouteConfig's label is a key of the namespace (the sidebar translates it).
        if (ts.isIdentifier(callee) && callee.text === "defineRouteConfig") {
          const config = node.arguments[0]
          if (config && ts.isObjectLiteralExpression(config)) {
            const field = (name: string) =>
              config.properties.find((property): property is ts.PropertyAssignment =>
                ts.isPropertyAssignment(property) && propName(property.name) === name
              )
            const label = field("label")
            if (label && ts.isStringLiteral(label.initializer)) {
              routeLabels.push(at(label, label.initializer.text))
              used.push({ ...at(label, label.initializer.text), plural: false })
              // The admin build reads the sidebar's namespace from the source: only a string literal counts.
              const namespace = field("translationNs")?.initializer
              if (!namespace || !ts.isStringLiteral(namespace) || namespace.text !== NAMESPACE) {
                english.push(at(label, `route label without translationNs: "${NAMESPACE}" as a string: ${label.initializer.text}`))
              }
            }
          }
          return
        }
        ts.forEachChild(node, (child) => visit(child, child !== callee && isToast))
        return
      }
      if (ts.isJsxAttribute(node)) {
        const name = propName(node.name)
        if (name === "i18nKey" && node.initializer && ts.isStringLiteral(node.initializer)) {
          used.push({ ...at(node.initializer, node.initializer.text), plural: false })
          return
        }
        if (node.initializer) visit(node.initializer, VISIBLE_PROPS.has(name))
        return
      }
      if (ts.isPropertyAssignment(node)) {
        visit(node.initializer, visible || VISIBLE_PROPS.has(propName(node.name)))
        return
      }
      if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
        if (ts.isJsxElement(node)) visit(node.openingElement, false)
        node.children.forEach((child) => visit(child, true))
        return
      }
      if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        node.attributes.properties.forEach((attribute) => visit(attribute, false))
        return
      }
      // A comparison's strings are values (`status === "waiting"`), not words.
      if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
        visit(node.left, false)
        visit(node.right, false)
        return
      }
      const text = literalText(node)
      if (text !== undefined) {
        if (visible && hasWords(text)) english.push(at(node, text))
        if (!ts.isTemplateExpression(node)) return
      }
      ts.forEachChild(node, (child) => visit(child, visible))
    }
    visit(source, false)
  }
  return { used, dynamic, english, routeLabels }
}

const found = scan()
const english = catalog("en")
const baseOf = (key: string) => key.replace(PLURAL, "")
const pluralBases = new Set([...english.keys()].filter((key) => PLURAL.test(key)).map(baseOf))
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort()
const where = (finding: Finding) => `${finding.file}:${finding.line} ${finding.text}`

describe("the admin's translations", () => {
  it("finds the screens' keys, and every key the code uses is a literal", () => {
    expect(found.used.length).toBeGreaterThan(300)
    expect(found.routeLabels.length).toBe(7)
    expect(found.dynamic.map(where)).toEqual([])
  })

  it.each(LANGUAGES)("has every key the admin uses in %s", (language) => {
    const messages = catalog(language)
    const missing = found.used.filter(({ text: key }) =>
      pluralBases.has(key) ? !messages.has(`${key}_other`) : !messages.has(key)
    )
    expect(missing.map(where)).toEqual([])
  })

  it("uses a counted key with a count, and a plain key without", () => {
    const wrong = found.used.filter(({ text: key, plural }) => plural !== pluralBases.has(key))
    expect(wrong.map(where)).toEqual([])
  })

  it("keeps no English key the code no longer uses", () => {
    const usedKeys = new Set(found.used.map(({ text }) => text))
    expect([...new Set([...english.keys()].map(baseOf))].filter((key) => !usedKeys.has(key))).toEqual([])
  })

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "gives %s exactly English's keys, its own plural forms and the same placeholders",
    (language) => {
      const messages = catalog(language)
      const categories = new Intl.PluralRules(localeTag(language)).resolvedOptions().pluralCategories
      const expected = new Set(
        [...english.keys()].flatMap((key) =>
          PLURAL.test(key) ? (key.endsWith("_other") ? categories.map((form) => `${baseOf(key)}_${form}`) : []) : [key]
        )
      )
      expect([...messages.keys()].filter((key) => !expected.has(key))).toEqual([])
      expect([...expected].filter((key) => !messages.has(key))).toEqual([])
      const mismatched = [...messages].filter(([key, text]) => {
        const source = english.get(key) ?? english.get(`${baseOf(key)}_other`) ?? ""
        // A singular may name the one thing in words instead of `{{count}}`/`{{formatted}}`.
        const strip = (list: string[]) => (PLURAL.test(key) ? list.filter((name) => name !== "count" && name !== "formatted") : list)
        return !text.trim() || strip(placeholders(text)).join() !== strip(placeholders(source)).join()
      })
      expect(mismatched.map(([key, text]) => `${key}: ${text}`)).toEqual([])
      // Translated, not copied: only names, codes and a few international words stay as in English.
      const same = [...messages].filter(([key, text]) => english.get(key) === text && /[A-Za-z]{3}/.test(text))
      expect(same.length / messages.size).toBeLessThan(0.08)
    }
  )

  it("leaves no user-visible English written into the screens", () => {
    expect(found.english.map(where)).toEqual([])
  })

  it("follows the admin user's language outside components too: words, plurals and numbers", async () => {
    const waiting = [{ conversation_id: 7, status: "waiting" as const, customer_name: null, email: null, last_message: null }]
    const message = { message_id: 9, sender: "visitor" as const, message: "Hallo?", created_at: "2026-12-18T12:00:00.000Z" }
    const next = [{ ...waiting[0], last_message: message }]
    await startI18n("de")
    expect(inboxAlerts([], next)[0].title).toBe("Chat wartet · #7 Anonymer Besucher")
    expect(formatTotal({ total: 1000, count_capped: true })).toBe("1.000+")
    await startI18n("pl")
    expect([1, 3, 5].map((count) => t("reply.uploading", { count }))).toEqual([
      "Przesyłanie 1 pliku…",
      "Przesyłanie 3 plików…",
      "Przesyłanie 5 plików…",
    ])
    await startI18n("ptBR")
    expect(formatTotal({ total: 1000 })).toBe("1.000")
    await startI18n("en")
    expect(inboxAlerts([], next)[0].title).toBe("Chat waiting · #7 Anonymous visitor")
  })
})
