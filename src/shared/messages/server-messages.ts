import { matchLocale } from "../browser-safe/locale"

/**
 * Every text the server itself writes to a shopper, in every language it ships (CONTRACT §9):
 * one table, so a new language or a new text is added in one place. The store's own texts
 * (chat settings, canned responses, coming-soon offers) are its `translations`, not these.
 * None needs a plural; one that does would use an ICU message here.
 */
export const SERVER_LOCALES = ["en", "de", "fr", "es", "it", "nl", "pl", "pt-BR", "sv", "ja", "ar"] as const
export type ServerLocale = (typeof SERVER_LOCALES)[number]

type MessageTable = Record<ServerLocale, string>

export const SERVER_MESSAGES = {
  /** The `system` note a close leaves in the conversation (src/chat/feedback/closing.ts). */
  conversation_closed: {
    en: "Conversation closed",
    de: "Unterhaltung beendet",
    fr: "Conversation terminée",
    es: "Conversación cerrada",
    it: "Conversazione chiusa",
    nl: "Gesprek gesloten",
    pl: "Rozmowa zakończona",
    "pt-BR": "Conversa encerrada",
    sv: "Konversationen avslutad",
    ja: "会話は終了しました",
    ar: "تم إغلاق المحادثة",
  },
  /** The agent's message that hands the shopper a code of their own (`POST /conversation/:id/discount`); `{code}` is replaced. */
  discount_code: {
    en: "Here is a discount code for you: {code}",
    de: "Hier ist ein Rabattcode für dich: {code}",
    fr: "Voici un code de réduction pour vous : {code}",
    es: "Aquí tienes un código de descuento: {code}",
    it: "Ecco un codice sconto per te: {code}",
    nl: "Hier is een kortingscode voor je: {code}",
    pl: "Oto kod rabatowy dla Ciebie: {code}",
    "pt-BR": "Aqui está um código de desconto para você: {code}",
    sv: "Här är en rabattkod till dig: {code}",
    ja: "割引コードをお送りします: {code}",
    ar: "إليك رمز خصم خاص بك: {code}",
  },
} satisfies Record<string, MessageTable>

export type ServerMessageKey = keyof typeof SERVER_MESSAGES

/** The text in `locale` (exact tag, then language: `pt` and `pt-PT` read pt-BR), else in English. */
export function serverMessage(key: ServerMessageKey, locale: string | null | undefined, values: Record<string, string> = {}): string {
  const table: MessageTable = SERVER_MESSAGES[key]
  const match = matchLocale(locale, SERVER_LOCALES) as ServerLocale | undefined
  return table[match ?? "en"].replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder)
}
