import { formatDuration } from "../lib/format"

describe("formatDuration", () => {
  it("tells a duration in the largest unit it fills, hours and days to one decimal", () => {
    expect(formatDuration(0)).toBe("0 sec")
    expect(formatDuration(45)).toBe("45 sec")
    expect(formatDuration(60)).toBe("1 min")
    expect(formatDuration(719)).toBe("12 min")
    expect(formatDuration(5400)).toBe("1.5 hr")
    expect(formatDuration(172_800)).toBe("2 days")
  })

  it("shows a dash where nothing was measured", () => {
    expect(formatDuration(null)).toBe("–")
  })
})
