import { readFileSync } from "node:fs"
import path from "node:path"
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020"
import addFormats from "ajv-formats"

/**
 * Checks an HTTP answer against docs/openapi.json: the status must be one the route's
 * description lists, a JSON body must match that status's schema (JSON Schema 2020-12), a
 * documented required header (`Retry-After`) must be there. Answers to paths or methods the
 * description does not have (Medusa's own routes) are not checked. The HTTP suites run every
 * answer they receive through it, so a shape that drifts from the description fails a test.
 */

export const OPENAPI_PATH = path.resolve(__dirname, "../../docs/openapi.json")

export type ObservedResponse = {
  method: string
  /** The request's URL or path; only the path is read. */
  url: string
  status: number
  headers: Record<string, unknown>
  /** Parsed JSON, text, or bytes. */
  body: unknown
}

type MediaType = { schema?: unknown }
type DescribedResponse = {
  content?: Record<string, MediaType>
  headers?: Record<string, { required?: boolean; schema?: { type?: string } }>
}
type Operation = { responses: Record<string, DescribedResponse> }
type Description = { paths: Record<string, Record<string, Operation>> }

const METHODS = new Set(["get", "post", "put", "patch", "delete"])

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false })
  private readonly routes: { template: string; pattern: RegExp; params: number }[]
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(private readonly description: Description) {
    addFormats(this.ajv)
    this.ajv.addFormat("binary", true)
    this.ajv.addSchema(description as object, "openapi")
    // Express matches case-insensitively, with one optional trailing slash; fixed segments win over parameters.
    this.routes = Object.keys(description.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}/?$`, "i"),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params)
  }

  static fromFile(file = OPENAPI_PATH): ResponseChecker {
    return new ResponseChecker(JSON.parse(readFileSync(file, "utf8")) as Description)
  }

  /** The description's path template for a request path, or null when the plugin does not describe it. */
  templateOf(url: string): string | null {
    const pathname = new URL(url, "http://localhost").pathname
    return this.routes.find((route) => route.pattern.test(pathname))?.template ?? null
  }

  /** What is wrong with the answer, or null when it matches the description (or is not described). */
  violation(response: ObservedResponse): string | null {
    const method = response.method.toLowerCase()
    const template = METHODS.has(method) ? this.templateOf(response.url) : null
    const operation = template ? this.description.paths[template][method] : undefined
    if (!template || !operation) return null
    const where = `${method.toUpperCase()} ${new URL(response.url, "http://localhost").pathname} answered ${response.status}`
    const described = operation.responses[String(response.status)]
    if (!described) {
      return `${where}, a status docs/openapi.json does not list for ${method.toUpperCase()} ${template} (it lists ${Object.keys(operation.responses).join(", ")})`
    }
    const headerProblem = this.headerProblem(described, response.headers)
    if (headerProblem) return `${where}: ${headerProblem}`
    return this.bodyProblem(template, method, response, described, where)
  }

  /** What is wrong with `value` as an instance of the description's component schema `name`, or null. */
  componentViolation(name: string, value: unknown, where: string): string | null {
    const validate = this.schema(`openapi#/${pointer("components", "schemas", name)}`)
    if (validate(value)) return null
    return `${where} does not match docs/openapi.json's ${name}: ${describeErrors(validate)}; value: ${excerpt(JSON.stringify(value))}`
  }

  private headerProblem(described: DescribedResponse, headers: Record<string, unknown>): string | null {
    const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
    for (const [name, header] of Object.entries(described.headers ?? {})) {
      const value = lower[name.toLowerCase()]
      if (value === undefined) {
        if (header.required) return `the ${name} header is missing`
        continue
      }
      if (header.schema?.type === "integer" && !/^\d+$/.test(String(value))) return `the ${name} header is not a whole number: ${String(value)}`
    }
    return null
  }

  private bodyProblem(template: string, method: string, response: ObservedResponse, described: DescribedResponse, where: string): string | null {
    const content = described.content
    const text = bodyText(response.body)
    if (!content) return text ? `${where} with a body, where docs/openapi.json describes none` : null
    const contentType = String(response.headers["content-type"] ?? response.headers["Content-Type"] ?? "").split(";")[0].trim().toLowerCase()
    const mediaType = Object.keys(content).find((type) => type === contentType || type === "*/*")
    if (!mediaType) {
      return `${where} with content type "${contentType || "none"}", where docs/openapi.json describes ${Object.keys(content).join(", ")}`
    }
    if (mediaType !== "application/json") return null
    let body: unknown
    try {
      body = typeof response.body === "object" && response.body !== null && !isBytes(response.body) ? response.body : JSON.parse(text)
    } catch {
      return `${where} with a body that is not JSON: ${excerpt(text)}`
    }
    const validate = this.schema(`openapi#/${pointer("paths", template, method, "responses", String(response.status), "content", "application/json", "schema")}`)
    if (validate(body)) return null
    return `${where} with a body that does not match docs/openapi.json: ${describeErrors(validate)}; body: ${excerpt(JSON.stringify(body))}`
  }

  private schema(ref: string): ValidateFunction {
    let validate = this.validators.get(ref)
    if (!validate) {
      const found = this.ajv.getSchema(ref)
      if (!found) throw new Error(`docs/openapi.json has no schema at ${ref}`)
      validate = found
      this.validators.set(ref, validate)
    }
    return validate
  }
}

const isBytes = (value: unknown): value is ArrayBuffer | Uint8Array => value instanceof ArrayBuffer || value instanceof Uint8Array

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return ""
  if (typeof body === "string") return body
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString("utf8")
  if (body instanceof Uint8Array) return Buffer.from(body).toString("utf8")
  return JSON.stringify(body)
}

/** Ajv's first errors, each with where in the value it is. */
const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((issue) => {
      const extra = issue.params && "additionalProperty" in issue.params ? ` (${String(issue.params.additionalProperty)})` : ""
      return `${issue.instancePath || "(root)"} ${issue.message}${extra}`
    })
    .join("; ")

const excerpt = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}… (${text.length} chars)` : text)
