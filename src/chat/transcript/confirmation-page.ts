import { PLAIN_PAGE_HEADERS, acceptedLanguages, escapeHtml, matchLanguage, plainPage } from "../../shared/plain-page"

/** Where a transcript's confirmation link points (GET shows the button, POST confirms). */
export const TRANSCRIPT_CONFIRM_PATH = "/store/app/v1/transcript/confirm"

/** What the page says: the link's button, the address confirmed, or why the link does nothing. */
export type ConfirmationPageState = "ask" | "confirmed" | "invalid" | "expired" | "changed"

type PageWords = Record<ConfirmationPageState, [title: string, text: string]> & { button: string; dir: "ltr" | "rtl" }

/**
 * The page's words in the widget's languages (CONTRACT §9), English for any other. Fixed
 * words only: nothing from the conversation or the request is shown.
 */
const WORDS: Record<string, PageWords> = {
  en: {
    dir: "ltr",
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
    dir: "ltr",
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
    dir: "ltr",
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
    dir: "ltr",
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
  it: {
    dir: "ltr",
    ask: [
      "Conferma il tuo indirizzo email",
      "Premi il pulsante per confermare questo indirizzo e ricevere la trascrizione della tua chat con il negozio. Se non l'hai richiesta, chiudi questa pagina: non verrà inviato nulla.",
    ],
    button: "Conferma e invia la trascrizione",
    confirmed: ["Il tuo indirizzo email è confermato", "La trascrizione della tua chat sta arrivando nella tua casella di posta."],
    invalid: ["Questo link non è valido", "Il link di conferma è incompleto o non è stato emesso da questo negozio. Aprilo di nuovo dall'email."],
    expired: ["Questo link è scaduto", "I link di conferma valgono 48 ore. Richiedi di nuovo la trascrizione nella chat."],
    changed: ["Questo link non è più valido", "L'indirizzo email della chat è cambiato dopo l'invio di questo link: non è stato confermato nulla."],
  },
  nl: {
    dir: "ltr",
    ask: [
      "Bevestig je e-mailadres",
      "Druk op de knop om dit adres te bevestigen en het verslag van je chat met de winkel te ontvangen. Heb je er niet om gevraagd? Sluit dan deze pagina: er wordt niets verstuurd.",
    ],
    button: "Bevestigen en verslag versturen",
    confirmed: ["Je e-mailadres is bevestigd", "Het verslag van je chat is onderweg naar je inbox."],
    invalid: ["Deze link is niet geldig", "De bevestigingslink is onvolledig of niet door deze winkel verstuurd. Open hem opnieuw vanuit de e-mail."],
    expired: ["Deze link is verlopen", "Bevestigingslinks werken 48 uur. Vraag het verslag opnieuw aan in de chat."],
    changed: ["Deze link is niet meer geldig", "Het e-mailadres van de chat is gewijzigd nadat deze link werd verstuurd: er is niets bevestigd."],
  },
  pl: {
    dir: "ltr",
    ask: [
      "Potwierdź swój adres e-mail",
      "Naciśnij przycisk, aby potwierdzić ten adres i otrzymać zapis swojej rozmowy ze sklepem. Jeśli o to nie prosiłeś, zamknij tę stronę: nic nie zostanie wysłane.",
    ],
    button: "Potwierdź i wyślij zapis rozmowy",
    confirmed: ["Twój adres e-mail jest potwierdzony", "Zapis Twojej rozmowy jest w drodze do Twojej skrzynki."],
    invalid: ["Ten link jest nieprawidłowy", "Link potwierdzający jest niekompletny lub nie został wystawiony przez ten sklep. Otwórz go ponownie z wiadomości e-mail."],
    expired: ["Ten link wygasł", "Linki potwierdzające działają przez 48 godzin. Poproś o zapis rozmowy ponownie na czacie."],
    changed: ["Ten link jest już nieaktualny", "Adres e-mail czatu zmienił się po wysłaniu tego linku: nic nie zostało potwierdzone."],
  },
  "pt-BR": {
    dir: "ltr",
    ask: [
      "Confirme seu endereço de e-mail",
      "Pressione o botão para confirmar este endereço e receber a transcrição da sua conversa com a loja. Se você não pediu, feche esta página: nada será enviado.",
    ],
    button: "Confirmar e enviar a transcrição",
    confirmed: ["Seu endereço de e-mail foi confirmado", "A transcrição da sua conversa está a caminho da sua caixa de entrada."],
    invalid: ["Este link não é válido", "O link de confirmação está incompleto ou não foi emitido por esta loja. Abra-o novamente a partir do e-mail."],
    expired: ["Este link expirou", "Os links de confirmação funcionam por 48 horas. Peça a transcrição novamente no chat."],
    changed: ["Este link não é mais válido", "O endereço de e-mail da conversa mudou depois que este link foi enviado: nada foi confirmado."],
  },
  sv: {
    dir: "ltr",
    ask: [
      "Bekräfta din e-postadress",
      "Tryck på knappen för att bekräfta adressen och få utskriften av din chatt med butiken. Om du inte bad om den, stäng sidan: inget skickas.",
    ],
    button: "Bekräfta och skicka utskriften",
    confirmed: ["Din e-postadress är bekräftad", "Utskriften av din chatt är på väg till din inkorg."],
    invalid: ["Länken är inte giltig", "Bekräftelselänken är ofullständig eller kommer inte från den här butiken. Öppna den igen från e-postmeddelandet."],
    expired: ["Länken har gått ut", "Bekräftelselänkar fungerar i 48 timmar. Be om utskriften igen i chatten."],
    changed: ["Länken gäller inte längre", "Chattens e-postadress ändrades efter att länken skickades: inget har bekräftats."],
  },
  ja: {
    dir: "ltr",
    ask: [
      "メールアドレスの確認",
      "ボタンを押すと、このアドレスが確認され、ストアとのチャットの記録が届きます。心当たりがない場合は、このページを閉じてください。何も送信されません。",
    ],
    button: "確認して記録を送信",
    confirmed: ["メールアドレスが確認されました", "チャットの記録をお使いの受信トレイにお送りします。"],
    invalid: ["このリンクは無効です", "確認リンクが不完全か、このストアが発行したものではありません。メールからもう一度開いてください。"],
    expired: ["このリンクは有効期限が切れています", "確認リンクの有効期間は48時間です。チャットでもう一度記録をリクエストしてください。"],
    changed: ["このリンクはもう無効です", "このリンクの送信後にチャットのメールアドレスが変更されたため、何も確認されませんでした。"],
  },
  ar: {
    dir: "rtl",
    ask: [
      "أكّد عنوان بريدك الإلكتروني",
      "اضغط على الزر لتأكيد هذا العنوان واستلام نص محادثتك مع المتجر. إذا لم تطلبه، فأغلق هذه الصفحة: لن يُرسل أي شيء.",
    ],
    button: "تأكيد وإرسال نص المحادثة",
    confirmed: ["تم تأكيد عنوان بريدك الإلكتروني", "نص محادثتك في طريقه إلى بريدك الوارد."],
    invalid: ["هذا الرابط غير صالح", "رابط التأكيد غير مكتمل أو لم يصدر عن هذا المتجر. افتحه مرة أخرى من البريد الإلكتروني."],
    expired: ["انتهت صلاحية هذا الرابط", "تعمل روابط التأكيد لمدة 48 ساعة. اطلب نص المحادثة مرة أخرى في الدردشة."],
    changed: ["هذا الرابط لم يعد صالحًا", "تغيّر عنوان البريد الإلكتروني للمحادثة بعد إرسال هذا الرابط: لم يتم تأكيد أي شيء."],
  },
}

const DEFAULT_LANGUAGE = "en"
const known = (language: string) => Object.prototype.hasOwnProperty.call(WORDS, language)

/**
 * The page's language for an `Accept-Language` header: its tags by preference (`q`), each
 * matched by exact tag, then by language (`de-AT` → `de`, `pt` → `pt-BR`); else English.
 */
export function pageLanguage(acceptLanguage: string | undefined): string {
  return matchLanguage(acceptedLanguages(acceptLanguage), Object.keys(WORDS), DEFAULT_LANGUAGE)
}

const STATUS: Record<ConfirmationPageState, number> = { ask: 200, confirmed: 200, invalid: 400, expired: 400, changed: 409 }

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
  return { status: STATUS[state], html: plainPage({ lang, dir: words.dir, title, text, form }) }
}

/** Headers of that page: it may not run or load anything, posts only to itself, and is never cached or framed. */
export const CONFIRMATION_PAGE_HEADERS = PLAIN_PAGE_HEADERS
