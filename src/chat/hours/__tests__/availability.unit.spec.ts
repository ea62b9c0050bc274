import { availabilityAt } from "../availability"
import type { BusinessHours } from "../../../shared/browser-safe/business-hours"

const weekdays = (open: string, close: string) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open, close }]]))

const berlin: BusinessHours = { time_zone: "Europe/Berlin", weekly: weekdays("09:00", "17:00"), holidays: ["2026-12-25"] }
const at = (hours: BusinessHours | null, iso: string) => availabilityAt(hours, new Date(iso))

describe("availabilityAt", () => {
  it("is online without hours", () => {
    expect(at(null, "2027-03-27T12:00:00Z")).toEqual({ online: true, next_open_at: null })
  })

  it("opens at 09:00 local on both sides of the spring change (Berlin, 28 March 2027)", () => {
    // Friday 09:00 CET is 08:00Z; Monday 09:00 CEST is 07:00Z.
    expect(at(berlin, "2027-03-26T07:59:00Z")).toEqual({ online: false, next_open_at: "2027-03-26T08:00:00.000Z" })
    expect(at(berlin, "2027-03-26T08:00:00Z")).toEqual({ online: true, next_open_at: null })
    expect(at(berlin, "2027-03-27T12:00:00Z")).toEqual({ online: false, next_open_at: "2027-03-29T07:00:00.000Z" })
    expect(at(berlin, "2027-03-29T07:30:00Z")).toEqual({ online: true, next_open_at: null })
    // 17:30 CEST: closed until Tuesday 09:00 CEST.
    expect(at(berlin, "2027-03-29T15:30:00Z")).toEqual({ online: false, next_open_at: "2027-03-30T07:00:00.000Z" })
  })

  it("opens at 09:00 local after the autumn change (Berlin, 25 October 2026)", () => {
    expect(at(berlin, "2026-10-23T18:00:00Z")).toEqual({ online: false, next_open_at: "2026-10-26T08:00:00.000Z" })
  })

  it("keeps wall-clock hours on the day the clocks change, and moves a span that starts in the skipped hour forward by the gap", () => {
    // New York springs forward on 14 March 2027 at 02:00 EST to 03:00 EDT.
    const night: BusinessHours = { time_zone: "America/New_York", weekly: { sun: [{ open: "01:00", close: "05:00" }] }, holidays: [] }
    expect(at(night, "2027-03-14T06:30:00Z")).toEqual({ online: true, next_open_at: null }) // 01:30 EST
    expect(at(night, "2027-03-14T08:59:00Z")).toEqual({ online: true, next_open_at: null }) // 04:59 EDT
    expect(at(night, "2027-03-14T09:00:00Z").online).toBe(false) // 05:00 EDT
    const gap: BusinessHours = { time_zone: "America/New_York", weekly: { sun: [{ open: "02:30", close: "04:00" }] }, holidays: [] }
    expect(at(gap, "2027-03-14T06:00:00Z")).toEqual({ online: false, next_open_at: "2027-03-14T07:30:00.000Z" }) // 02:30 does not exist: 03:30 EDT
  })

  it("skips holidays, takes spans in order and closes at 24:00", () => {
    // Thursday 24 December 2026, 18:00 in Berlin: Friday is a holiday, so Monday 09:00.
    expect(at(berlin, "2026-12-24T17:00:00Z")).toEqual({ online: false, next_open_at: "2026-12-28T08:00:00.000Z" })
    const split: BusinessHours = {
      time_zone: "UTC",
      weekly: { sat: [{ open: "20:00", close: "24:00" }, { open: "08:00", close: "12:00" }] },
      holidays: [],
    }
    expect(at(split, "2027-01-02T13:00:00Z")).toEqual({ online: false, next_open_at: "2027-01-02T20:00:00.000Z" })
    expect(at(split, "2027-01-02T23:59:00Z")).toEqual({ online: true, next_open_at: null })
    expect(at(split, "2027-01-03T00:00:00Z")).toEqual({ online: false, next_open_at: "2027-01-09T08:00:00.000Z" })
  })

  it("has no next opening for hours without any", () => {
    expect(at({ time_zone: "Europe/Berlin", weekly: {}, holidays: [] }, "2027-03-27T12:00:00Z")).toEqual({ online: false, next_open_at: null })
  })
})
