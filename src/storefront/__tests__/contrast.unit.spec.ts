import { contrastRatio, luminance, textOn } from "../core/contrast"

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
const css = (hex: string) => `rgb(${rgb(hex).join(", ")})`
const ratioOfText = (hex: string) => {
  const text = textOn(css(hex))
  return contrastRatio(luminance(rgb(hex)), text === "#000" ? 0 : 1)
}

describe("text colour on the store's accent", () => {
  it("computes WCAG relative luminance and contrast", () => {
    expect(luminance([255, 255, 255])).toBeCloseTo(1, 5)
    expect(luminance([0, 0, 0])).toBe(0)
    expect(contrastRatio(1, 0)).toBe(21)
    // The measurement: white on the demo's accent is 4.18:1.
    expect(contrastRatio(1, luminance(rgb("#e0441f")))).toBeCloseTo(4.18, 1)
  })

  it("picks dark text on the demo's orange, light on dark accents and dark on light ones", () => {
    expect(textOn(css("#e0441f"))).toBe("#000")
    expect(textOn(css("#111827"))).toBe("#fff")
    expect(textOn(css("#1d4ed8"))).toBe("#fff")
    expect(textOn(css("#fde047"))).toBe("#000")
    expect(textOn("rgba(255, 255, 255, 0.5)")).toBe("#000")
  })

  it("keeps 4.5:1 for every grey and a sweep of hues, the hardest being mid luminance", () => {
    let worst = 21
    for (let value = 0; value < 256; value += 1) worst = Math.min(worst, ratioOfText(`#${value.toString(16).padStart(2, "0").repeat(3)}`))
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) {
          worst = Math.min(worst, ratioOfText(`#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`))
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5)
  })

  it("keeps the store's own text colour where it reaches 4.5:1, and only there", () => {
    // The demo sets white text on its orange: 4.18:1, so black replaces it.
    expect(textOn(css("#e0441f"), "rgb(255, 255, 255)")).toBe("#000")
    expect(textOn(css("#111827"), "rgb(250, 204, 21)")).toBe("rgb(250, 204, 21)")
    expect(textOn(css("#fde047"), "rgb(29, 78, 216)")).toBe("rgb(29, 78, 216)")
    expect(textOn(css("#1d4ed8"), "rgb(17, 24, 39)")).toBe("#fff")
  })

  it("reads nothing it cannot parse", () => {
    expect(textOn("")).toBeNull()
    expect(textOn("transparent")).toBeNull()
    expect(textOn("color(display-p3 1 0 0)")).toBeNull()
    // An unreadable text colour is simply replaced.
    expect(textOn(css("#111827"), "color(display-p3 1 1 1)")).toBe("#fff")
  })
})
