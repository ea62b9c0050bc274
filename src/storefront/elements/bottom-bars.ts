import { launcherLift, probePoints, type Box } from "../core/launcher-offset"

// Layout reads at most this often, however busy the page is.
const THROTTLE_MS = 150
const FOOTER_CONTROLS = "footer a,footer button,[role=contentinfo] a,[role=contentinfo] button"

export type BottomBarWatch = { update: () => void; stop: () => void }

/**
 * Keeps the chat launcher clear of fixed or sticky bars at the bottom of the viewport (a
 * sticky "Add to cart" bar on phones) and of a footer's links once the page's end scrolls
 * under it (the DTC starter's "Powered by" links): it looks under the launcher's corner with
 * elementsFromPoint, on load, resize, scroll and whenever the page changes, and hands the
 * lift to `apply`. Nothing is read while nothing changes.
 */
export function watchBottomBars(
  host: HTMLElement,
  launcher: HTMLElement,
  offset: () => number,
  apply: (lift: number) => void
): BottomBarWatch {
  let lift = 0
  let last = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let observed: Element[] = []
  // A bar that grows or shrinks without a DOM change (fonts, a second line of text).
  const resizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => schedule())

  const barsAt = (found: Element[]) => (box: Box): Box[] => {
    const checked = new Set<Element>()
    const boxes: Box[] = []
    for (const [x, y] of probePoints(box)) {
      for (const hit of document.elementsFromPoint(x, y)) {
        for (let node: Element | null = hit; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
          if (checked.has(node) || node === host || node.contains(host)) break
          checked.add(node)
          const { position } = getComputedStyle(node)
          // A footer's links and buttons count as a bar too: at a page's end the launcher rises over them.
          if (position === "fixed" || position === "sticky" || node.matches(FOOTER_CONTROLS)) {
            found.push(node)
            boxes.push(node.getBoundingClientRect())
            break
          }
        }
      }
    }
    return boxes
  }

  const measure = () => {
    timer = undefined
    last = Date.now()
    const rect = launcher.getBoundingClientRect()
    if (!rect.width || !launcher.isConnected) return
    const found: Element[] = []
    const resting = { top: rect.top + lift, bottom: rect.bottom + lift, left: rect.left, right: rect.right }
    const viewportHeight = document.documentElement.clientHeight || window.innerHeight
    const next = launcherLift({ resting, viewportHeight, offset: offset(), barsAt: barsAt(found) })
    if (resizes && (found.length !== observed.length || found.some((element, index) => element !== observed[index]))) {
      resizes.disconnect()
      found.forEach((element) => resizes.observe(element))
      observed = found
    }
    if (next !== lift) {
      lift = next
      apply(lift)
    }
  }

  function schedule() {
    if (timer !== undefined) return
    timer = setTimeout(() => requestAnimationFrame(measure), Math.max(0, last + THROTTLE_MS - Date.now()))
  }

  const mutations = new MutationObserver(schedule)
  mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "style", "hidden"] })
  const events = ["resize", "scroll", "transitionend", "animationend"]
  events.forEach((name) => window.addEventListener(name, schedule, { passive: true, capture: true }))
  schedule()

  return {
    update: schedule,
    stop() {
      mutations.disconnect()
      resizes?.disconnect()
      events.forEach((name) => window.removeEventListener(name, schedule, { capture: true }))
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
