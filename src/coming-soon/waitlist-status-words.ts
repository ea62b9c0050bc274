import { matchLanguage } from "../shared/plain-page"

/**
 * The status page's words in one language; `{position}`, `{total}` and `{count}` are filled in
 * with the language's digits and grouping.
 */
export type WaitlistStatusWords = {
  dir: "ltr" | "rtl"
  title: string
  place: string
  share: string
  referrals: string
  invalidTitle: string
  invalidText: string
  expiredText: string
  goneText: string
}

/** The status page's words per language (the signup-link pages' languages, CONTRACT §9); else English. */
export const WAITLIST_STATUS_WORDS: Record<string, WaitlistStatusWords> = {
  en: {
    dir: "ltr",
    title: "Your place in line",
    place: "You are #{position} of {total}.",
    share: "Share your link to move up:",
    referrals: "Friends who joined through your link: {count}",
    invalidTitle: "This link is not valid",
    invalidText: "The status link is incomplete or was not issued by this store. Open it again from the email.",
    expiredText: "The status link has expired. Open the link in a newer email from the store.",
    goneText: "This signup is no longer on the waitlist.",
  },
  de: {
    dir: "ltr",
    title: "Ihr Platz in der Warteliste",
    place: "Sie sind Nr. {position} von {total}.",
    share: "Teilen Sie Ihren Link, um aufzurücken:",
    referrals: "Freunde, die über Ihren Link beigetreten sind: {count}",
    invalidTitle: "Dieser Link ist ungültig",
    invalidText: "Der Statuslink ist unvollständig oder stammt nicht von diesem Shop. Öffnen Sie ihn erneut aus der E-Mail.",
    expiredText: "Der Statuslink ist abgelaufen. Öffnen Sie den Link in einer neueren E-Mail des Shops.",
    goneText: "Diese Anmeldung steht nicht mehr auf der Warteliste.",
  },
  fr: {
    dir: "ltr",
    title: "Votre place dans la file",
    place: "Vous êtes n° {position} sur {total}.",
    share: "Partagez votre lien pour avancer :",
    referrals: "Amis inscrits grâce à votre lien : {count}",
    invalidTitle: "Ce lien n'est pas valide",
    invalidText: "Le lien de suivi est incomplet ou n'a pas été émis par cette boutique. Ouvrez-le à nouveau depuis l'e-mail.",
    expiredText: "Le lien de suivi a expiré. Ouvrez le lien d'un e-mail plus récent de la boutique.",
    goneText: "Cette inscription ne figure plus sur la liste d'attente.",
  },
  es: {
    dir: "ltr",
    title: "Tu puesto en la lista",
    place: "Eres el n.º {position} de {total}.",
    share: "Comparte tu enlace para avanzar:",
    referrals: "Amigos que se unieron con tu enlace: {count}",
    invalidTitle: "Este enlace no es válido",
    invalidText: "El enlace de estado está incompleto o no lo emitió esta tienda. Ábrelo de nuevo desde el correo.",
    expiredText: "El enlace de estado ha caducado. Abre el enlace de un correo más reciente de la tienda.",
    goneText: "Este registro ya no está en la lista de espera.",
  },
  it: {
    dir: "ltr",
    title: "Il tuo posto in lista",
    place: "Sei il n. {position} di {total}.",
    share: "Condividi il tuo link per salire:",
    referrals: "Amici iscritti tramite il tuo link: {count}",
    invalidTitle: "Questo link non è valido",
    invalidText: "Il link di stato è incompleto o non è stato emesso da questo negozio. Aprilo di nuovo dall'email.",
    expiredText: "Il link di stato è scaduto. Apri il link di un'email più recente del negozio.",
    goneText: "Questa iscrizione non è più nella lista d'attesa.",
  },
  nl: {
    dir: "ltr",
    title: "Je plek op de wachtlijst",
    place: "Je bent nr. {position} van {total}.",
    share: "Deel je link om op te schuiven:",
    referrals: "Vrienden die via je link meededen: {count}",
    invalidTitle: "Deze link is niet geldig",
    invalidText: "De statuslink is onvolledig of niet door deze winkel uitgegeven. Open hem opnieuw vanuit de e-mail.",
    expiredText: "De statuslink is verlopen. Open de link in een nieuwere e-mail van de winkel.",
    goneText: "Deze aanmelding staat niet meer op de wachtlijst.",
  },
  pl: {
    dir: "ltr",
    title: "Twoje miejsce w kolejce",
    place: "Jesteś nr {position} z {total}.",
    share: "Udostępnij swój link, aby przesunąć się wyżej:",
    referrals: "Znajomi, którzy dołączyli przez Twój link: {count}",
    invalidTitle: "Ten link jest nieprawidłowy",
    invalidText: "Link do statusu jest niepełny lub nie pochodzi z tego sklepu. Otwórz go ponownie z e-maila.",
    expiredText: "Link do statusu wygasł. Otwórz link z nowszego e-maila od sklepu.",
    goneText: "Tego zapisu nie ma już na liście oczekujących.",
  },
  "pt-BR": {
    dir: "ltr",
    title: "Seu lugar na fila",
    place: "Você é o nº {position} de {total}.",
    share: "Compartilhe seu link para subir:",
    referrals: "Amigos que entraram pelo seu link: {count}",
    invalidTitle: "Este link não é válido",
    invalidText: "O link de status está incompleto ou não foi emitido por esta loja. Abra-o novamente pelo e-mail.",
    expiredText: "O link de status expirou. Abra o link de um e-mail mais recente da loja.",
    goneText: "Este cadastro não está mais na lista de espera.",
  },
  sv: {
    dir: "ltr",
    title: "Din plats i kön",
    place: "Du är nr {position} av {total}.",
    share: "Dela din länk för att flytta fram:",
    referrals: "Vänner som anmält sig via din länk: {count}",
    invalidTitle: "Den här länken är inte giltig",
    invalidText: "Statuslänken är ofullständig eller kommer inte från den här butiken. Öppna den igen från e-postmeddelandet.",
    expiredText: "Statuslänken har gått ut. Öppna länken i ett nyare e-postmeddelande från butiken.",
    goneText: "Den här anmälan finns inte längre på väntelistan.",
  },
  ja: {
    dir: "ltr",
    title: "順番待ちの状況",
    place: "{total}人中{position}番目です。",
    share: "リンクを共有すると順番が上がります：",
    referrals: "あなたのリンクから登録した友だち：{count}人",
    invalidTitle: "このリンクは無効です",
    invalidText: "状況確認リンクが不完全か、このストアが発行したものではありません。メールからもう一度開いてください。",
    expiredText: "状況確認リンクの有効期限が切れています。ストアからの新しいメールのリンクを開いてください。",
    goneText: "この登録は順番待ちリストにありません。",
  },
  ar: {
    dir: "rtl",
    title: "مكانك في قائمة الانتظار",
    place: "أنت رقم {position} من {total}.",
    share: "شارك رابطك لتتقدم في القائمة:",
    referrals: "الأصدقاء الذين انضموا عبر رابطك: {count}",
    invalidTitle: "هذا الرابط غير صالح",
    invalidText: "رابط الحالة غير مكتمل أو لم يصدر عن هذا المتجر. افتحه مجددًا من البريد الإلكتروني.",
    expiredText: "انتهت صلاحية رابط الحالة. افتح الرابط من رسالة أحدث من المتجر.",
    goneText: "هذا التسجيل لم يعد في قائمة الانتظار.",
  },
}

/** The status page's language: the first of `wanted` the catalogue has (see `matchLanguage`), else English. */
export function waitlistStatusWords(wanted: readonly string[]): { lang: string; words: WaitlistStatusWords } {
  const lang = matchLanguage(wanted, Object.keys(WAITLIST_STATUS_WORDS), "en")
  return { lang, words: WAITLIST_STATUS_WORDS[lang] }
}
