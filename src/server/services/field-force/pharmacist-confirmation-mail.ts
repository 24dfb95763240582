// The e-mails to a pharmacist a rep or area manager recorded (issue 23): the first one with their
// personal link, and one reminder. They name no one (the pharmacist's data is on the page behind
// the link), so a copy kept after an erasure holds nothing about them but the address.
import type { Language } from '#shared/markets.ts';
import type { MailMessage } from '../mail/outbox.ts';
import { simpleHtml } from '../tokens.ts';

interface Wording {
  subject: string;
  reminderSubject: string;
  intro: (pharmacy: string) => string;
  ask: string;
  button: string;
  expiry: (date: string) => string;
  nothingPublic: string;
  ignore: string;
  support: (email: string) => string;
}

const WORDING: Record<Language, Wording> = {
  en: {
    subject: 'Please check the details we recorded about you',
    reminderSubject: 'Reminder: please check the details we recorded about you',
    intro: (pharmacy) => `One of our representatives recorded your details when ${pharmacy} joined our network of oncology pharmacies.`,
    ask: 'Please open this personal link to check what was recorded, correct anything that is wrong, and give the declarations and the consent to publication yourself:',
    button: 'Check my details',
    expiry: (date) => `The link works until ${date}. If you do not confirm by then, we delete your personal data; the pharmacy stays on record as a business.`,
    nothingPublic: 'Nothing about you is published, and your application is not reviewed, until you confirm.',
    ignore: 'Anyone with this link can see and change these details, so please do not forward this e-mail.',
    support: (email) => `Questions? Write to us at ${email}.`,
  },
  it: {
    subject: 'Verifichi i dati che abbiamo registrato su di Lei',
    reminderSubject: 'Promemoria: verifichi i dati che abbiamo registrato su di Lei',
    intro: (pharmacy) => `Un nostro rappresentante ha registrato i Suoi dati quando «${pharmacy}» ha aderito alla nostra rete di farmacie oncologiche.`,
    ask: 'Apra questo link personale per verificare i dati registrati, correggere ciò che non è esatto e rilasciare personalmente le dichiarazioni e il consenso alla pubblicazione:',
    button: 'Verifica i miei dati',
    expiry: (date) => `Il link è valido fino al ${date}. Se entro quella data non conferma, cancelleremo i Suoi dati personali; la farmacia resta registrata come esercizio commerciale.`,
    nothingPublic: 'Finché non conferma, nulla che La riguarda viene pubblicato e la Sua candidatura non viene esaminata.',
    ignore: 'Chiunque abbia questo link può vedere e modificare questi dati: La preghiamo quindi di non inoltrare questa e-mail.',
    support: (email) => `Domande? Ci scriva a ${email}.`,
  },
  de: {
    subject: 'Bitte prüfen Sie die über Sie erfassten Angaben',
    reminderSubject: 'Erinnerung: Bitte prüfen Sie die über Sie erfassten Angaben',
    intro: (pharmacy) => `Eine Außendienstmitarbeiterin oder ein Außendienstmitarbeiter hat Ihre Angaben erfasst, als „${pharmacy}“ unserem Netzwerk onkologischer Apotheken beigetreten ist.`,
    ask: 'Bitte öffnen Sie diesen persönlichen Link, um die erfassten Angaben zu prüfen, Fehler zu berichtigen und die Erklärungen sowie die Einwilligung in die Veröffentlichung selbst abzugeben:',
    button: 'Meine Angaben prüfen',
    expiry: (date) => `Der Link ist bis zum ${date} gültig. Bestätigen Sie bis dahin nicht, löschen wir Ihre personenbezogenen Daten; die Apotheke bleibt als Betrieb erfasst.`,
    nothingPublic: 'Bis zu Ihrer Bestätigung wird nichts über Sie veröffentlicht und Ihre Bewerbung nicht geprüft.',
    ignore: 'Wer diesen Link hat, kann diese Angaben sehen und ändern. Bitte leiten Sie diese E-Mail daher nicht weiter.',
    support: (email) => `Fragen? Schreiben Sie uns an ${email}.`,
  },
};

const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE' };

export interface ConfirmationMailInput {
  to: string;
  language: Language;
  pharmacyName: string;
  link: string;
  expiresAt: Date;
  reminder: boolean;
}

export function pharmacistConfirmationMail(input: ConfirmationMailInput, settings: { productName: string; supportEmail: string }): MailMessage {
  const w = WORDING[input.language];
  const date = input.expiresAt.toLocaleDateString(DATE_LOCALE[input.language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
  const before = [w.intro(input.pharmacyName), w.ask];
  const after = [w.nothingPublic, w.expiry(date), w.ignore, ...(settings.supportEmail ? [w.support(settings.supportEmail)] : [])];
  return {
    to: input.to,
    subject: `${settings.productName}: ${input.reminder ? w.reminderSubject : w.subject}`,
    text: `${before.join('\n\n')}\n\n${input.link}\n\n${after.join('\n\n')}\n\n${settings.productName}\n`,
    // The button after the sentence that introduces it.
    html: simpleHtml([...before, ...after], { url: input.link, label: w.button }, input.language, undefined, before.length - 1),
  };
}
