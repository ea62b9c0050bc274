import fs from "node:fs"
import type { AxeResults, ElementContext, RunOptions } from "axe-core"
import type { Page } from "playwright-core"

const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")
/** WCAG 2.2 AA, as CONTRACT §10 asks of everything the plugin draws. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

type Axe = { run(context: ElementContext, options: RunOptions): Promise<AxeResults> }

/**
 * axe-core over the page's elements that match `selectors` (shadow roots included), each
 * violation as one line that names the state it was found in. Selectors that match nothing
 * are left out; none matching at all is an error, so a check cannot pass by looking nowhere.
 * `exclude` names parts inside them that are not ours to fix.
 */
export async function axeViolations(page: Page, state: string, selectors: string[], exclude: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE)
  const found = await page.evaluate(
    async ({ tags, selectors, exclude }) => {
      const axe: Axe = Reflect.get(window, "axe")
      const include = selectors.filter((selector) => document.querySelector(selector)).map((selector) => [selector])
      if (!include.length) return { missing: true as const }
      // Colours caught mid-transition (a dialog fading in, a button just enabled) are neither
      // state's colours: wait for the finite animations and transitions to end, as a reader would.
      const running = () => document.getAnimations().filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity)
      for (let round = 0; round < 3 && running().length; round++) {
        await Promise.race([Promise.allSettled(running().map((animation) => animation.finished)), new Promise((settle) => setTimeout(settle, 2000))])
      }
      const result = await axe.run({ include, exclude: exclude.map((selector) => [selector]) }, { runOnly: { type: "tag", values: tags } })
      return {
        violations: result.violations.map((violation) => ({
          id: violation.id,
          nodes: violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ""}`.replace(/\s+/g, " ")),
        })),
      }
    },
    { tags: AXE_TAGS, selectors, exclude }
  )
  if ("missing" in found) throw new Error(`${state}: nothing on the page matches ${selectors.join(", ")}`)
  return found.violations.flatMap(({ id, nodes }) => nodes.map((node) => `${state}: ${id} at ${node}`))
}
