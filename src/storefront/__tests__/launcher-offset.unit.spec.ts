import { launcherLift, probePoints, type Box } from "../core/launcher-offset"

// A 390 × 844 phone with the launcher at its resting place: 58 px, 20 px from the bottom right.
const HEIGHT = 844
const resting: Box = { top: 766, bottom: 824, left: 312, right: 370 }
const bar = (top: number, bottom = HEIGHT, left = 0, right = 390): Box => ({ top, bottom, left, right })

/** The page's bars, found only where a launcher placed at `box` would overlap them (as elementsFromPoint does). */
const page = (...bars: Box[]) => (box: Box) =>
  bars.filter((b) => b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top)

describe("launcher lift above bottom bars", () => {
  it("stays put with no bar and no offset", () => {
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: page() })).toBe(0)
  })

  it("rises over a fixed bottom bar, keeping its resting gap above it", () => {
    // The DTC starter's mobile bar: 110 px tall at the bottom edge.
    const lift = launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: page(bar(734)) })
    expect(lift).toBe(110)
    expect(resting.bottom - lift).toBe(734 - 20)
  })

  it("climbs a stack of bars (a notice sitting on a cart bar)", () => {
    const lift = launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: page(bar(764), bar(700, 764)) })
    expect(lift).toBe(144)
  })

  it("uses the explicit offset as the least lift, and the bar when that is higher", () => {
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 72, barsAt: page() })).toBe(72)
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 200, barsAt: page(bar(734)) })).toBe(200)
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 40, barsAt: page(bar(734)) })).toBe(110)
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: -30, barsAt: page() })).toBe(0)
  })

  it("ignores what is not a bottom bar: full-screen overlays, boxes elsewhere, bars on the other side", () => {
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: page(bar(0)) })).toBe(0)
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: page(bar(734, HEIGHT, 0, 200)) })).toBe(0)
    // A box reported under the launcher that does not overlap it is not climbed over.
    expect(launcherLift({ resting, viewportHeight: HEIGHT, offset: 0, barsAt: () => [bar(830, HEIGHT, 0, 100)] })).toBe(0)
  })

  it("probes the launcher's corners and centre, inside its box", () => {
    const points = probePoints(resting)
    expect(points).toHaveLength(7)
    for (const [x, y] of points) {
      expect(x).toBeGreaterThan(resting.left)
      expect(x).toBeLessThan(resting.right)
      expect(y).toBeGreaterThan(resting.top)
      expect(y).toBeLessThan(resting.bottom)
    }
  })
})
