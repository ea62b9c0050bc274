import { rowsOf, translationsOf, type TranslatedField } from "../lib/translations"
import { startI18n } from "./start-i18n"

const FIELDS: TranslatedField[] = [
  { key: "question", label: "Question" },
  { key: "response", label: "Response", required: true },
]

beforeAll(() => startI18n("en"))

describe("per-locale variants in the forms", () => {
  it("reads the stored variants as rows, a missing text as empty", () => {
    expect(rowsOf({ de: { response: "Ja", question: null } })).toEqual([{ locale: "de", values: { response: "Ja", question: "" } }])
    expect(rowsOf(undefined)).toEqual([])
  })

  it("sends each tag in its canonical form, with empty optional texts left out", () => {
    const rows = [
      { locale: " pt-br ", values: { question: "", response: " Sim, enviamos. " } },
      { locale: "DE", values: { question: "Versand?", response: "Ja." } },
    ]
    expect(translationsOf(rows, FIELDS)).toEqual({
      translations: { "pt-BR": { response: "Sim, enviamos." }, de: { question: "Versand?", response: "Ja." } },
    })
    expect(translationsOf([], FIELDS)).toEqual({ translations: {} })
  })

  it("refuses a tag that is not a locale, a language given twice and a required text left empty", () => {
    expect(translationsOf([{ locale: "not a tag", values: { response: "x" } }], FIELDS)).toEqual({
      error: "Not a language tag (such as de or pt-BR): not a tag",
    })
    const twice = [
      { locale: "de", values: { response: "Ja" } },
      { locale: "de-de", values: { response: "Ja" } },
      { locale: "DE", values: { response: "Ja" } },
    ]
    expect(translationsOf(twice, FIELDS)).toEqual({ error: "German is there twice" })
    expect(translationsOf([{ locale: "fr", values: { question: "Livraison ?" } }], FIELDS)).toEqual({
      error: "Response is missing in French",
    })
  })
})
