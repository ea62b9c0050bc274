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
} satisfies Record<string, MessageTable>

export type ServerMessageKey = keyof typeof SERVER_MESSAGES

/** The text in `locale` (exact tag, then language: `pt` and `pt-PT` read pt-BR), else in English. */
export function serverMessage(key: ServerMessageKey, locale: string | null | undefined): string {
  const table: MessageTable = SERVER_MESSAGES[key]
  const match = matchLocale(locale, SERVER_LOCALES) as ServerLocale | undefined
  return table[match ?? "en"]
}
