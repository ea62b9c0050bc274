import { matchLanguage } from "../shared/plain-page"
import type { SignupLinkPurpose } from "./signup-link-token"

/** The words of one link's pages: the question with its button, the answer, and a link that is not valid. */
export type SignupLinkPageWords = {
  askTitle: string
  askText: string
  button: string
  doneTitle: string
  doneText: string
  invalidText: string
}

/** Every word of the signup-link pages in one language; `dir` is the script's direction. */
export type SignupLinkWords = { dir: "ltr" | "rtl"; invalidTitle: string } & Record<SignupLinkPurpose, SignupLinkPageWords> & {
  /** The unsubscribe page of a back-in-stock subscription's link: its button and invalid-link text are the unsubscribe page's. */
  restock: Pick<SignupLinkPageWords, "askTitle" | "askText" | "doneTitle" | "doneText">
}

/** Which words a signup-link page shows: a purpose's, or a back-in-stock subscription's unsubscribe. */
export type SignupLinkPageKind = SignupLinkPurpose | "restock"

/** The words of one kind of page. */
export const pageWords = (words: SignupLinkWords, kind: SignupLinkPageKind): SignupLinkPageWords =>
  kind === "restock" ? { ...words.unsubscribe, ...words.restock } : words[kind]

/**
 * The pages' words per language (the widget's languages, CONTRACT §9). A page picks the
 * language the link or the browser asks for (see `signupLinkWords`), else English.
 */
export const SIGNUP_LINK_WORDS: Record<string, SignupLinkWords> = {
  en: {
    dir: "ltr",
    invalidTitle: "This link is not valid",
    unsubscribe: {
      askTitle: "Unsubscribe from launch emails?",
      askText: "Press the button to get no more emails about this product's launch.",
      button: "Unsubscribe",
      doneTitle: "You are unsubscribed",
      doneText: "You will get no more emails about this product's launch.",
      invalidText: "The unsubscribe link is incomplete or was not issued by this store. Open it again from the email.",
    },
    restock: {
      askTitle: "Stop the back-in-stock email?",
      askText: "Press the button to get no email when this item is available again.",
      doneTitle: "You will not be emailed",
      doneText: "You will get no email when this item is available again.",
    },
    confirm: {
      askTitle: "Confirm your signup?",
      askText: "Press the button to confirm your address and join the waitlist.",
      button: "Confirm my signup",
      doneTitle: "Your signup is confirmed",
      doneText: "Thank you. We will let you know when the product arrives.",
      invalidText: "The confirmation link is incomplete or was not issued by this store. Open it again from the email.",
    },
  },
  de: {
    dir: "ltr",
    invalidTitle: "Dieser Link ist ungültig",
    unsubscribe: {
      askTitle: "Von den Launch-E-Mails abmelden?",
      askText: "Klicken Sie auf die Schaltfläche, um keine E-Mails mehr zum Marktstart dieses Produkts zu erhalten.",
      button: "Abmelden",
      doneTitle: "Sie sind abgemeldet",
      doneText: "Sie erhalten keine E-Mails mehr zum Marktstart dieses Produkts.",
      invalidText: "Der Abmeldelink ist unvollständig oder stammt nicht von diesem Shop. Öffnen Sie ihn erneut aus der E-Mail.",
    },
    restock: {
      askTitle: "Keine Nachricht bei Wiederverfügbarkeit?",
      askText: "Klicken Sie auf die Schaltfläche, um keine E-Mail zu erhalten, wenn dieser Artikel wieder verfügbar ist.",
      doneTitle: "Sie erhalten keine Nachricht",
      doneText: "Sie erhalten keine E-Mail, wenn dieser Artikel wieder verfügbar ist.",
    },
    confirm: {
      askTitle: "Anmeldung bestätigen?",
      askText: "Klicken Sie auf die Schaltfläche, um Ihre Adresse zu bestätigen und auf die Warteliste zu kommen.",
      button: "Anmeldung bestätigen",
      doneTitle: "Ihre Anmeldung ist bestätigt",
      doneText: "Vielen Dank. Wir melden uns, sobald das Produkt da ist.",
      invalidText: "Der Bestätigungslink ist unvollständig oder stammt nicht von diesem Shop. Öffnen Sie ihn erneut aus der E-Mail.",
    },
  },
  fr: {
    dir: "ltr",
    invalidTitle: "Ce lien n'est pas valide",
    unsubscribe: {
      askTitle: "Se désabonner des e-mails de lancement ?",
      askText: "Appuyez sur le bouton pour ne plus recevoir d'e-mails sur le lancement de ce produit.",
      button: "Se désabonner",
      doneTitle: "Vous êtes désabonné",
      doneText: "Vous ne recevrez plus d'e-mails sur le lancement de ce produit.",
      invalidText: "Le lien de désabonnement est incomplet ou n'a pas été émis par cette boutique. Ouvrez-le à nouveau depuis l'e-mail.",
    },
    restock: {
      askTitle: "Ne plus être prévenu du retour en stock ?",
      askText: "Appuyez sur le bouton pour ne recevoir aucun e-mail quand cet article sera de nouveau disponible.",
      doneTitle: "Vous ne serez pas prévenu",
      doneText: "Vous ne recevrez aucun e-mail quand cet article sera de nouveau disponible.",
    },
    confirm: {
      askTitle: "Confirmer votre inscription ?",
      askText: "Appuyez sur le bouton pour confirmer votre adresse et rejoindre la liste d'attente.",
      button: "Confirmer mon inscription",
      doneTitle: "Votre inscription est confirmée",
      doneText: "Merci. Nous vous préviendrons dès l'arrivée du produit.",
      invalidText: "Le lien de confirmation est incomplet ou n'a pas été émis par cette boutique. Ouvrez-le à nouveau depuis l'e-mail.",
    },
  },
  es: {
    dir: "ltr",
    invalidTitle: "Este enlace no es válido",
    unsubscribe: {
      askTitle: "¿Darte de baja de los correos de lanzamiento?",
      askText: "Pulsa el botón para no recibir más correos sobre el lanzamiento de este producto.",
      button: "Darme de baja",
      doneTitle: "Te has dado de baja",
      doneText: "No recibirás más correos sobre el lanzamiento de este producto.",
      invalidText: "El enlace para darte de baja está incompleto o no lo emitió esta tienda. Ábrelo de nuevo desde el correo.",
    },
    restock: {
      askTitle: "¿Dejar de recibir el aviso de reposición?",
      askText: "Pulsa el botón para no recibir ningún correo cuando este artículo vuelva a estar disponible.",
      doneTitle: "No te avisaremos",
      doneText: "No recibirás ningún correo cuando este artículo vuelva a estar disponible.",
    },
    confirm: {
      askTitle: "¿Confirmar tu registro?",
      askText: "Pulsa el botón para confirmar tu dirección y unirte a la lista de espera.",
      button: "Confirmar mi registro",
      doneTitle: "Tu registro está confirmado",
      doneText: "Gracias. Te avisaremos cuando llegue el producto.",
      invalidText: "El enlace de confirmación está incompleto o no lo emitió esta tienda. Ábrelo de nuevo desde el correo.",
    },
  },
  it: {
    dir: "ltr",
    invalidTitle: "Questo link non è valido",
    unsubscribe: {
      askTitle: "Annullare l'iscrizione alle email di lancio?",
      askText: "Premi il pulsante per non ricevere più email sul lancio di questo prodotto.",
      button: "Annulla iscrizione",
      doneTitle: "Iscrizione annullata",
      doneText: "Non riceverai più email sul lancio di questo prodotto.",
      invalidText: "Il link di annullamento è incompleto o non è stato emesso da questo negozio. Aprilo di nuovo dall'email.",
    },
    restock: {
      askTitle: "Non ricevere l'avviso di disponibilità?",
      askText: "Premi il pulsante per non ricevere alcuna email quando questo articolo sarà di nuovo disponibile.",
      doneTitle: "Non riceverai l'avviso",
      doneText: "Non riceverai alcuna email quando questo articolo sarà di nuovo disponibile.",
    },
    confirm: {
      askTitle: "Confermare l'iscrizione?",
      askText: "Premi il pulsante per confermare il tuo indirizzo e unirti alla lista d'attesa.",
      button: "Conferma l'iscrizione",
      doneTitle: "La tua iscrizione è confermata",
      doneText: "Grazie. Ti avviseremo quando il prodotto sarà disponibile.",
      invalidText: "Il link di conferma è incompleto o non è stato emesso da questo negozio. Aprilo di nuovo dall'email.",
    },
  },
  nl: {
    dir: "ltr",
    invalidTitle: "Deze link is niet geldig",
    unsubscribe: {
      askTitle: "Afmelden voor lancerings-e-mails?",
      askText: "Druk op de knop om geen e-mails meer te krijgen over de lancering van dit product.",
      button: "Afmelden",
      doneTitle: "Je bent afgemeld",
      doneText: "Je krijgt geen e-mails meer over de lancering van dit product.",
      invalidText: "De afmeldlink is onvolledig of niet door deze winkel uitgegeven. Open hem opnieuw vanuit de e-mail.",
    },
    restock: {
      askTitle: "Geen bericht als het weer op voorraad is?",
      askText: "Druk op de knop om geen e-mail te krijgen wanneer dit artikel weer beschikbaar is.",
      doneTitle: "Je krijgt geen bericht",
      doneText: "Je krijgt geen e-mail wanneer dit artikel weer beschikbaar is.",
    },
    confirm: {
      askTitle: "Je aanmelding bevestigen?",
      askText: "Druk op de knop om je adres te bevestigen en op de wachtlijst te komen.",
      button: "Aanmelding bevestigen",
      doneTitle: "Je aanmelding is bevestigd",
      doneText: "Bedankt. We laten het je weten zodra het product er is.",
      invalidText: "De bevestigingslink is onvolledig of niet door deze winkel uitgegeven. Open hem opnieuw vanuit de e-mail.",
    },
  },
  pl: {
    dir: "ltr",
    invalidTitle: "Ten link jest nieprawidłowy",
    unsubscribe: {
      askTitle: "Zrezygnować z e-maili o premierze?",
      askText: "Naciśnij przycisk, aby nie otrzymywać więcej e-maili o premierze tego produktu.",
      button: "Zrezygnuj",
      doneTitle: "Zrezygnowano z subskrypcji",
      doneText: "Nie otrzymasz więcej e-maili o premierze tego produktu.",
      invalidText: "Link rezygnacji jest niepełny lub nie pochodzi z tego sklepu. Otwórz go ponownie z e-maila.",
    },
    restock: {
      askTitle: "Zrezygnować z powiadomienia o dostępności?",
      askText: "Naciśnij przycisk, aby nie otrzymać e-maila, gdy ten produkt znów będzie dostępny.",
      doneTitle: "Nie otrzymasz powiadomienia",
      doneText: "Nie otrzymasz e-maila, gdy ten produkt znów będzie dostępny.",
    },
    confirm: {
      askTitle: "Potwierdzić zapis?",
      askText: "Naciśnij przycisk, aby potwierdzić adres i dołączyć do listy oczekujących.",
      button: "Potwierdź zapis",
      doneTitle: "Twój zapis jest potwierdzony",
      doneText: "Dziękujemy. Damy znać, gdy produkt będzie dostępny.",
      invalidText: "Link potwierdzający jest niepełny lub nie pochodzi z tego sklepu. Otwórz go ponownie z e-maila.",
    },
  },
  "pt-BR": {
    dir: "ltr",
    invalidTitle: "Este link não é válido",
    unsubscribe: {
      askTitle: "Cancelar a inscrição nos e-mails de lançamento?",
      askText: "Toque no botão para não receber mais e-mails sobre o lançamento deste produto.",
      button: "Cancelar inscrição",
      doneTitle: "Sua inscrição foi cancelada",
      doneText: "Você não receberá mais e-mails sobre o lançamento deste produto.",
      invalidText: "O link de cancelamento está incompleto ou não foi emitido por esta loja. Abra-o novamente pelo e-mail.",
    },
    restock: {
      askTitle: "Cancelar o aviso de volta ao estoque?",
      askText: "Toque no botão para não receber e-mail quando este item estiver disponível novamente.",
      doneTitle: "Você não será avisado",
      doneText: "Você não receberá e-mail quando este item estiver disponível novamente.",
    },
    confirm: {
      askTitle: "Confirmar sua inscrição?",
      askText: "Toque no botão para confirmar seu endereço e entrar na lista de espera.",
      button: "Confirmar inscrição",
      doneTitle: "Sua inscrição está confirmada",
      doneText: "Obrigado. Avisaremos quando o produto chegar.",
      invalidText: "O link de confirmação está incompleto ou não foi emitido por esta loja. Abra-o novamente pelo e-mail.",
    },
  },
  sv: {
    dir: "ltr",
    invalidTitle: "Länken är inte giltig",
    unsubscribe: {
      askTitle: "Avregistrera dig från lanseringsmejl?",
      askText: "Tryck på knappen för att inte få fler mejl om produktens lansering.",
      button: "Avregistrera",
      doneTitle: "Du är avregistrerad",
      doneText: "Du får inga fler mejl om produktens lansering.",
      invalidText: "Avregistreringslänken är ofullständig eller kommer inte från den här butiken. Öppna den igen från mejlet.",
    },
    restock: {
      askTitle: "Avregistrera aviseringen om åter i lager?",
      askText: "Tryck på knappen för att inte få något mejl när den här varan finns igen.",
      doneTitle: "Du får ingen avisering",
      doneText: "Du får inget mejl när den här varan finns igen.",
    },
    confirm: {
      askTitle: "Bekräfta din anmälan?",
      askText: "Tryck på knappen för att bekräfta din adress och gå med i väntelistan.",
      button: "Bekräfta anmälan",
      doneTitle: "Din anmälan är bekräftad",
      doneText: "Tack. Vi hör av oss när produkten finns.",
      invalidText: "Bekräftelselänken är ofullständig eller kommer inte från den här butiken. Öppna den igen från mejlet.",
    },
  },
  ja: {
    dir: "ltr",
    invalidTitle: "このリンクは無効です",
    unsubscribe: {
      askTitle: "発売のお知らせメールを停止しますか？",
      askText: "ボタンを押すと、この商品の発売に関するメールは今後届きません。",
      button: "配信を停止する",
      doneTitle: "配信を停止しました",
      doneText: "この商品の発売に関するメールは今後届きません。",
      invalidText: "配信停止リンクが不完全か、このストアが発行したものではありません。メールからもう一度開いてください。",
    },
    restock: {
      askTitle: "再入荷のお知らせを停止しますか？",
      askText: "ボタンを押すと、この商品が再入荷してもメールは届きません。",
      doneTitle: "お知らせを停止しました",
      doneText: "この商品が再入荷してもメールは届きません。",
    },
    confirm: {
      askTitle: "登録を確認しますか？",
      askText: "ボタンを押すとメールアドレスが確認され、入荷待ちリストに登録されます。",
      button: "登録を確認する",
      doneTitle: "登録を確認しました",
      doneText: "ありがとうございます。商品が届きしだいお知らせします。",
      invalidText: "確認リンクが不完全か、このストアが発行したものではありません。メールからもう一度開いてください。",
    },
  },
  ar: {
    dir: "rtl",
    invalidTitle: "هذا الرابط غير صالح",
    unsubscribe: {
      askTitle: "هل تريد إلغاء الاشتراك في رسائل الإطلاق؟",
      askText: "اضغط على الزر لكي لا تصلك رسائل أخرى عن إطلاق هذا المنتج.",
      button: "إلغاء الاشتراك",
      doneTitle: "تم إلغاء اشتراكك",
      doneText: "لن تصلك رسائل أخرى عن إطلاق هذا المنتج.",
      invalidText: "رابط إلغاء الاشتراك غير مكتمل أو لم يصدر عن هذا المتجر. افتحه مرة أخرى من الرسالة.",
    },
    restock: {
      askTitle: "إيقاف إشعار عودة المنتج إلى المخزون؟",
      askText: "اضغط على الزر حتى لا تصلك رسالة عندما يتوفر هذا المنتج مرة أخرى.",
      doneTitle: "لن نرسل لك إشعارًا",
      doneText: "لن تصلك رسالة عندما يتوفر هذا المنتج مرة أخرى.",
    },
    confirm: {
      askTitle: "هل تريد تأكيد تسجيلك؟",
      askText: "اضغط على الزر لتأكيد عنوانك والانضمام إلى قائمة الانتظار.",
      button: "تأكيد التسجيل",
      doneTitle: "تم تأكيد تسجيلك",
      doneText: "شكرًا لك. سنخبرك عند وصول المنتج.",
      invalidText: "رابط التأكيد غير مكتمل أو لم يصدر عن هذا المتجر. افتحه مرة أخرى من الرسالة.",
    },
  },
}

const DEFAULT_LANGUAGE = "en"

/**
 * The language of a signup-link page: the first of `wanted` (BCP 47 tags, in order) that the
 * catalogue has, by exact tag (case-insensitive), then by language (`de-AT` → `de`,
 * `pt` → `pt-BR`); else English. Answers the tag and its words.
 */
export function signupLinkWords(wanted: readonly string[]): { lang: string; words: SignupLinkWords } {
  const lang = matchLanguage(wanted, Object.keys(SIGNUP_LINK_WORDS), DEFAULT_LANGUAGE)
  return { lang, words: SIGNUP_LINK_WORDS[lang] }
}
