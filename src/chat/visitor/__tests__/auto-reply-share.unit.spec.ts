import { callsPerAddressPerDay } from "../auto-reply"
import { visitorSettings } from "../options"

describe("a client address's share of the model calls", () => {
  it("is a tenth of the store's daily call budget, at least 1, unless the option sets it", () => {
    expect(callsPerAddressPerDay(null, 200)).toBe(20)
    expect(callsPerAddressPerDay(null, 25)).toBe(2)
    expect(callsPerAddressPerDay(null, 3)).toBe(1)
    expect(callsPerAddressPerDay(7, 200)).toBe(7)
    expect(visitorSettings({}).autoReply.callsPerAddressPerDay).toBeNull()
    expect(visitorSettings({ autoReply: { callsPerAddressPerDay: 7 } }).autoReply.callsPerAddressPerDay).toBe(7)
  })
})
