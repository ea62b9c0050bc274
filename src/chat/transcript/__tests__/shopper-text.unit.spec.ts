import { inertLinks, voiceOf } from "../shopper-text"

describe("inertLinks", () => {
  it.each([
    ["Your account is locked, verify at https://evil.example/login now", "Your account is locked, verify at https[:]//evil[.]example/login now"],
    ["see www.evil.example.", "see www[.]evil[.]example."],
    ["evil.example", "evil[.]example"],
    ["write to help@evil.example", "write to help@evil[.]example"],
    ["mailto:help@evil.example", "mailto[:]help@evil[.]example"],
    ["http://10.0.0.1:8080/x", "http[:]//10[.]0[.]0[.]1:8080/x"],
    ["ftp://files.evil.example", "ftp[:]//files[.]evil[.]example"],
    ["пример.рф and bücher.de", "пример[.]рф and bücher[.]de"],
  ])("makes %j inert", (text, inert) => {
    expect(inertLinks(text)).toBe(inert)
  })

  it.each([
    "Order #7731, shipped Monday",
    "It costs 3.50 and weighs 1.5 kg",
    "Size M, e.g. the blue one",
    "<b>not markup</b> & more",
    "",
  ])("leaves %j as it is", (text) => {
    expect(inertLinks(text)).toBe(text)
  })
})

describe("voiceOf", () => {
  it("marks only the visitor's messages as the shopper's", () => {
    expect(voiceOf("visitor")).toBe("shopper")
    for (const sender of ["agent", "bridge", "auto", "system"] as const) expect(voiceOf(sender)).toBe("store")
  })
})
