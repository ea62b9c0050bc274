/** A box in viewport pixels, as getBoundingClientRect() gives it. */
export type Box = { top: number; right: number; bottom: number; left: number }

export type LiftInput = {
  /** The launcher where the styles put it, not lifted. */
  resting: Box
  viewportHeight: number
  /** The store's own offset (`bottomOffset`), the least lift there is. */
  offset: number
  /** Fixed or sticky boxes of the page found under a launcher placed at this box. */
  barsAt: (launcher: Box) => Box[]
}

// A bar shorter than this share of the viewport, touching its lower half, is a bottom bar;
// anything taller (a full-screen overlay, a fixed page layout) is not something to climb over.
const LOWER_HALF = 0.5
// A bar may sit on another (a cookie notice above a sticky cart bar): a few rounds at most.
const MAX_ROUNDS = 4

const lifted = (box: Box, lift: number): Box => ({ ...box, top: box.top - lift, bottom: box.bottom - lift })

/**
 * How many pixels the launcher rises above its resting place: at least `offset`, and enough
 * that its bottom edge keeps its resting distance from every bottom bar it would cover.
 */
export function launcherLift({ resting, viewportHeight, offset, barsAt }: LiftInput): number {
  let lift = Math.max(0, offset)
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const launcher = lifted(resting, lift)
    let needed = lift
    for (const bar of barsAt(launcher)) {
      const overlaps =
        bar.left < launcher.right && bar.right > launcher.left && bar.top < launcher.bottom && bar.bottom > launcher.top
      if (!overlaps || bar.top < viewportHeight * LOWER_HALF) continue
      needed = Math.max(needed, viewportHeight - bar.top)
    }
    if (needed <= lift) break
    lift = needed
  }
  return Math.round(lift)
}

/** Where to look for bars under the launcher: its corners (just inside) and its centre. */
export function probePoints(box: Box): Array<[number, number]> {
  const inset = 2
  const x = [box.left + inset, (box.left + box.right) / 2, box.right - inset]
  const y = [box.top + inset, box.bottom - inset]
  return [...y.flatMap((top) => x.map((left): [number, number] => [left, top])), [x[1], (box.top + box.bottom) / 2]]
}
