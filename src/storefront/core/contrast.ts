// WCAG 2 contrast: the text colour on the store's accent is picked, never assumed.

/** Relative luminance (WCAG 2) of an sRGB colour's 0–255 channels. */
export function luminance([r, g, b]: number[]): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The contrast ratio of two luminances, 1 to 21. */
export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

const channelsOf = (color: string) => (/^rgba?\(/.test(color) ? color.match(/[\d.]+/g)?.slice(0, 3).map(Number) : undefined)

/**
 * The text colour for `background` (both as the browser computes them, "rgb(…)"): `text` when it
 * keeps 4.5:1 on it, else black or white, whichever contrasts more (at least 4.58:1 for any
 * colour). Null for a background it cannot read.
 */
export function textOn(background: string, text = ""): string | null {
  const back = channelsOf(background)
  if (!back || back.length < 3) return null
  const light = luminance(back)
  const given = channelsOf(text)
  if (given?.length === 3 && contrastRatio(light, luminance(given)) >= 4.5) return text
  // Black wins where (L + .05)² > 1.05 × .05, i.e. above L ≈ 0.179.
  return light > 0.179 ? "#000" : "#fff"
}
