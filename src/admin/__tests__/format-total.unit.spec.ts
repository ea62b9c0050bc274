import { formatTotal } from "../lib/format"

describe("formatTotal", () => {
  it("shows an exact count as it is, and a capped one as the cap and more", () => {
    expect(formatTotal({ total: 22 })).toBe("22")
    expect(formatTotal({ total: 1000 })).toBe("1,000")
    expect(formatTotal({ total: 1000, count_capped: true })).toBe("1,000+")
  })
})
