import { MIN_SHARED_SECRET_LENGTH, sharedSecretOption, usableSharedSecret } from "../shared-secret"

const long = "k".repeat(MIN_SHARED_SECRET_LENGTH)

describe("the bridge's shared secret", () => {
  it("is at least 32 characters", () => {
    expect(MIN_SHARED_SECRET_LENGTH).toBe(32)
  })

  it("option: trimmed, blank is none, shorter than the minimum stops the start", () => {
    expect(sharedSecretOption(undefined)).toBeNull()
    expect(sharedSecretOption("   ")).toBeNull()
    expect(sharedSecretOption(`  ${long}\n`)).toBe(long)
    expect(() => sharedSecretOption(`  ${"k".repeat(31)}  `)).toThrow(/at least 32 characters/)
    expect(() => sharedSecretOption(42)).toThrow(/must be a string/)
  })

  it("a stored one shorter than the minimum opens nothing", () => {
    expect(usableSharedSecret("old-short-secret")).toBeNull()
    expect(usableSharedSecret(` ${long} `)).toBe(long)
    expect(usableSharedSecret(null)).toBeNull()
  })
})
