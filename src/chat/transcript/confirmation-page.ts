import { createHash } from "node:crypto"

/** Where a transcript's confirmation link points (GET shows the button, POST confirms). */
export const TRANSCRIPT_CONFIRM_PATH = "/store/app/v1/transcript/confirm"

/** What the page says: the link's button, the address confirmed, or why the link does nothing. */
export type ConfirmationPageState = "ask" | "confirmed" | "invalid" | "expired" | "changed"

type PageWords = Record<ConfirmationPageState, [title: string, text: string]> & { button: string }

/**
 * The page's words per language (the store's languages fall back to English). Fixed words
 * only: nothing from the conversation or the request is shown.
 */
const WORDS: Record<string, PageWords> = {
  en: {
    ask: [
      "Confirm your email address",
      "Press the button to confirm this address and get the transcript of your chat with the store. If you did not ask for it, close this page: nothing is sent.",
    ],
    button: "Confirm and send the transcript",
    confirmed: ["Your email address is confirmed", "The transcript of your chat is on its way to your inbox."],
    invalid: ["This link is not valid", "The confirmation link is incomplete or was not issued by this store. Open it again from the email."],
    expired: ["This link has expired", "Confirmation links work for 48 hours. Ask for the transcript again in the chat."],
    changed: ["This link is no longer valid", "The chat's email address changed after this link was sent: nothing was confirmed."],
  },
  de: {
    ask: [
      "Bestätigen Sie Ihre E-Mail-Adresse",
      "Drücken Sie die Schaltfläche, um diese Adresse zu bestätigen und das Protokoll Ihres Chats mit dem Shop zu erhalten. Wenn Sie es nicht angefordert haben, schließen Sie diese Seite: Es wird nichts gesendet.",
    ],
    button: "Bestätigen und Protokoll senden",
    confirmed: ["Ihre E-Mail-Adresse ist bestätigt", "Das Protokoll Ihres Chats ist unterwegs in Ihr Postfach."],
    invalid: ["Dieser Link ist ungültig", "Der Bestätigungslink ist unvollständig oder stammt nicht von diesem Shop. Öffnen Sie ihn erneut aus der E-Mail."],
    expired: ["Dieser Link ist abgelaufen", "Bestätigungslinks gelten 48 Stunden. Fordern Sie das Protokoll im Chat erneut an."],
    changed: ["Dieser Link gilt nicht mehr", "Die E-Mail-Adresse des Chats wurde nach dem Senden dieses Links geändert: Es wurde nichts bestätigt."],
  },
  fr: {
    ask: [
      "Confirmez votre adresse e-mail",
      "Appuyez sur le bouton pour confirmer cette adresse et recevoir la transcription de votre discussion avec la boutique. Si vous ne l'avez pas demandée, fermez cette page : rien ne sera envoyé.",
    ],
    button: "Confirmer et envoyer la transcription",
    confirmed: ["Votre adresse e-mail est confirmée", "La transcription de votre discussion est en route vers votre boîte de réception."],
    invalid: ["Ce lien n'est pas valide", "Le lien de confirmation est incomplet ou n'a pas été émis par cette boutique. Ouvrez-le à nouveau depuis l'e-mail."],
    expired: ["Ce lien a expiré", "Les liens de confirmation sont valables 48 heures. Demandez à nouveau la transcription dans la discussion."],
    changed: ["Ce lien n'est plus valide", "L'adresse e-mail de la discussion a changé après l'envoi de ce lien : rien n'a été confirmé."],
  },
  es: {
    ask: [
      "Confirma tu dirección de correo electrónico",
      "Pulsa el botón para confirmar esta dirección y recibir la transcripción de tu chat con la tienda. Si no la has pedido, cierra esta página: no se enviará nada.",
    ],
    button: "Confirmar y enviar la transcripción",
    confirmed: ["Tu dirección de correo está confirmada", "La transcripción de tu chat va de camino a tu bandeja de entrada."],
    invalid: ["Este enlace no es válido", "El enlace de confirmación está incompleto o no lo emitió esta tienda. Ábrelo de nuevo desde el correo."],
    expired: ["Este enlace ha caducado", "Los enlaces de confirmación funcionan durante 48 horas. Vuelve a pedir la transcripción en el chat."],
    changed: ["Este enlace ya no es válido", "La dirección de correo del chat cambió después de enviar este enlace: no se ha confirmado nada."],
  },
}

const DEFAULT_LANGUAGE = "en"
const known = (language: string) => Object.prototype.hasOwnProperty.call(WORDS, language)

/** The first language of an `Accept-Language` header the page speaks, else English. */
export function pageLanguage(acceptLanguage: string | undefined): string {
  for (const entry of (acceptLanguage ?? "").split(",").slice(0, 20)) {
    const language = entry.split(";")[0].trim().toLowerCase().split("-")[0]
    if (language && known(language)) return language
  }
  return DEFAULT_LANGUAGE
}

const STATUS: Record<ConfirmationPageState, number> = { ask: 200, confirmed: 200, invalid: 400, expired: 400, changed: 409 }

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111;background:#fff}" +
  "h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}"

// The page's one style element, allowed by its hash: no 'unsafe-inline' at all.
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64")

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string)

/**
 * The plain page the confirmation link opens: no script, no outside resource. Opening it
 * changes nothing (mail scanners open links); its button POSTs the same token, and only that
 * confirms. `token` is echoed only as the form's target, and only once verified.
 */
export function confirmationPage(state: ConfirmationPageState, language: string, token?: string): { status: number; html: string } {
  const lang = known(language) ? language : DEFAULT_LANGUAGE
  const words = WORDS[lang]
  const [title, text] = words[state]
  const form =
    state === "ask" && token
      ? `<form method="post" action="${escapeHtml(`${TRANSCRIPT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`)}"><button type="submit">${escapeHtml(words.button)}</button></form>`
      : ""
  return {
    status: STATUS[state],
    html: `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body>
</html>
`,
  }
}

/** Headers of that page: it may not run or load anything, posts only to itself, and is never cached or framed. */
export const CONFIRMATION_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'`,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const
