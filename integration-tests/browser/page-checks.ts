// What the accessibility spec reads off a shopper's page: the focused element through the
// shadow roots, and the Content-Security-Policy violations the page reports.
import type { Page } from "playwright-core"
import { chatRoot, type Shopper } from "./storefront-session"

/** The focused element, through the shadow roots: its element's tag, and where it is. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    let host: string | null = null
    while (element?.shadowRoot?.activeElement) {
      host = element.localName
      element = element.shadowRoot.activeElement
    }
    if (!element) return null
    return { host, tag: element.localName, className: element.getAttribute("class"), name: element.getAttribute("name"), inPanel: element.closest(".panel") !== null }
  })

export const launcher = (page: Page) => chatRoot(page).locator(".launcher")
export const strictPolicy = (backend: string, script = `'self' ${backend}`) =>
  `default-src 'self'; style-src 'self'; script-src ${script}; connect-src 'self' ${backend}`

/** Every CSP violation the page reports, from before its first script. */
export async function watchViolations(shopper: Shopper): Promise<() => Promise<string[]>> {
  await shopper.page.addInitScript(() => {
    const seen: string[] = []
    Reflect.set(window, "__cspViolations", seen)
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`))
  })
  const refused: string[] = []
  shopper.page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text())
  })
  return async () => [...(await shopper.page.evaluate(() => (Reflect.get(window, "__cspViolations") as string[]) ?? [])), ...refused]
}
