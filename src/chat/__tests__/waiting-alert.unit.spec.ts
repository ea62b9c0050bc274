import { waitingAlertAdminUrl, waitingAlertConfig } from "../waiting-alert"

describe("waitingAlertConfig", () => {
  it("is off unless afterMinutes is a positive number", () => {
    expect(waitingAlertConfig(undefined)).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: 0 })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: -5 })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: Number.NaN })).toBeNull()
    expect(waitingAlertConfig({ afterMinutes: Number.POSITIVE_INFINITY })).toBeNull()
  })

  it("keeps the minutes and a trimmed team address; a blank one means the assigned agent", () => {
    expect(waitingAlertConfig({ afterMinutes: 10, to: " team@shop.example " })).toEqual({ afterMinutes: 10, to: "team@shop.example" })
    expect(waitingAlertConfig({ afterMinutes: 2.5, to: "  " })).toEqual({ afterMinutes: 2.5, to: null })
    expect(waitingAlertConfig({ afterMinutes: 10 })).toEqual({ afterMinutes: 10, to: null })
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
