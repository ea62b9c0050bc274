import { DEFAULT_WAITING_ALERT_EMAIL_LIMIT, messagePreview, waitingAlertAdminUrl, waitingAlertConfig } from "../waiting-alert"

// What every config without batchMinutes or emailLimit gets.
const DEFAULT_LIMITS = { batchSeconds: 300, emailLimit: { max: 6, windowSeconds: 3600 } }

describe("waitingAlertConfig", () => {
  it("is off unless afterMinutes is a positive number", () => {
    expect(waitingAlertConfig(undefined)).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: 0 })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: -5 })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: Number.NaN })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: Number.POSITIVE_INFINITY })).toBeNull()
  })

  it("keeps the minutes and a trimmed team address; a blank one means the assigned agent", () => {
    expect(waitingAlertConfig({ afterMinutes: 10, to: " team@shop.example " })).toEqual({ afterMinutes: 10, to: "team@shop.example", ...DEFAULT_LIMITS })
    expect(waitingAlertConfig({ afterMinutes: 2.5, to: "  " })).toEqual({ afterMinutes: 2.5, to: null, ...DEFAULT_LIMITS })
    expect(waitingAlertConfig({ afterMinutes: 10 })).toEqual({ afterMinutes: 10, to: null, ...DEFAULT_LIMITS })
    expect(DEFAULT_WAITING_ALERT_EMAIL_LIMIT).toEqual(DEFAULT_LIMITS.emailLimit)
  })

  it("takes batchMinutes 0 as no window, and keeps the defaults for values that are not positive numbers", () => {
    expect(waitingAlertConfig({ afterMinutes: 5, batchMinutes: 0, emailLimit: { max: 2 } })).toMatchObject({
      batchSeconds: 0,
      emailLimit: { max: 2, windowSeconds: 3600 },
    })
    expect(waitingAlertConfig({ afterMinutes: 5, batchMinutes: -1, emailLimit: { max: 0, windowSeconds: Number.NaN } })).toMatchObject(DEFAULT_LIMITS)
  })
})

describe("the visitor's words in an alert", () => {
  it("are one line of at most 140 characters, cut with an ellipsis", () => {
    expect(messagePreview(null)).toBeNull()
    expect(messagePreview("  Where is\n\tmy parcel?\u0007 ")).toBe("Where is my parcel?")
    const long = messagePreview("ä".repeat(200))!
    expect([...long]).toHaveLength(140)
    expect(long.endsWith("…")).toBe(true)
    expect(messagePreview("x".repeat(140))).toBe("x".repeat(140))
  })
})

describe("waitingAlertAdminUrl", () => {
  it("links the conversation in the dashboard at an absolute backendUrl and the admin's path", () => {
    expect(waitingAlertAdminUrl({ backendUrl: "https://api.shop.example/" }, 42)).toBe(
      "https://api.shop.example/app/support-inbox?id=42"
    )
    expect(waitingAlertAdminUrl({ backendUrl: "https://api.shop.example", path: "/dashboard" }, 7)).toBe(
      "https://api.shop.example/dashboard/support-inbox?id=7"
    )
  })

  it("gives no link when the address is unknown or the dashboard is off", () => {
    expect(waitingAlertAdminUrl(undefined, 1)).toBeNull()
    expect(waitingAlertAdminUrl({ backendUrl: "/" }, 1)).toBeNull()
    expect(waitingAlertAdminUrl({ backendUrl: "https://api.shop.example", disable: true }, 1)).toBeNull()
  })
})
