import { withSignupEnvelope } from "../signup-envelope"

describe("withSignupEnvelope", () => {
  it("puts Medusa's message into the seed's envelope and keeps Medusa's fields beside it", () => {
    expect(withSignupEnvelope({ type: "not_allowed", message: "Publishable API key required" })).toEqual({
      success: false,
      data: { message: "Publishable API key required" },
      type: "not_allowed",
      message: "Publishable API key required",
    })
  })

  it("gives an unexpected error's body a message when it has none", () => {
    expect(withSignupEnvelope({ type: "unknown_error", code: "api_error" })).toEqual({
      success: false,
      data: { message: "An unknown error occurred." },
      type: "unknown_error",
      code: "api_error",
      message: "An unknown error occurred.",
    })
  })

  it("leaves a body that is not an object as it is", () => {
    expect(withSignupEnvelope(undefined)).toBeUndefined()
    expect(withSignupEnvelope("text")).toBe("text")
  })
})
