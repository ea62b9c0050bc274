import { canonicalLocale, matchLocale, pickLocale } from "../locale"

const OFFERED = ["en", "de", "fr", "pt-BR", "zh-Hant"]

describe("canonicalLocale", () => {
  it.each([
    ["de", "de"],
    ["DE-at", "de-AT"],
    ["pt-br", "pt-BR"],
    ["zh-hant-tw", "zh-Hant-TW"],
  ])("%s is %s", (tag, canonical) => {
    expect(canonicalLocale(tag)).toBe(canonical)
  })

  it.each<unknown>(["", "not a tag", "de_DE", "x".repeat(36), "en-", 42, null, undefined, ["de"]])("refuses %p", (garbage) => {
    expect(canonicalLocale(garbage)).toBeUndefined()
  })
})

describe("matchLocale", () => {
  it.each([
    ["de", "de"],
    ["DE", "de"],
    ["de-AT", "de"],
    ["fr-CA", "fr"],
    ["pt-BR", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["pt", "pt-BR"],
    ["zh-Hant-TW", "zh-Hant"],
  ])("%s is offered as %s", (requested, offered) => {
    expect(matchLocale(requested, OFFERED)).toBe(offered)
  })

  it.each(["ja", "sv-SE", "garbage!", "", "a".repeat(200)])("%s fits no offer", (requested) => {
    expect(matchLocale(requested, OFFERED)).toBeUndefined()
  })
})

describe("pickLocale", () => {
  it("takes the first wanted locale an offer fits", () => {
    expect(pickLocale([undefined, "ja", "fr-CA", "de"], OFFERED, "en")).toBe("fr")
  })

  it("falls back when none fits", () => {
    expect(pickLocale(["ja", "??"], OFFERED, "en")).toBe("en")
  })
})
