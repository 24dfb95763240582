// The e-mail an applicant gets when their application is submitted: in the language of their
// form, with its reference, when to expect a decision and whom to ask.
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import type { Language } from '#shared/markets.ts';
import { simpleHtml } from '../tokens.ts';
import type { MailMessage } from './outbox.ts';

export interface ReceivedMailInput {
  to: string;
  language: Language;
  firstName: string;
  lastName: string;
  reference: string;
}

export interface ReceivedMailSettings {
  productName: string;
  supportEmail: string;
}

interface Words {
  product: string;
  name: string;
  reference: string;
  support: string;
}

type MailText = { subject: (w: Words) => string; paragraphs: (w: Words) => string[] };

const TEXT: Record<Language, MailText> = {
  en: {
    subject: (w) => `${w.product}: we have received your application (${w.reference})`,
    paragraphs: (w) => [
      `Dear ${w.name},`,
      `Thank you for applying to ${w.product}. We have received your application. Its reference is ${w.reference}: please quote it whenever you contact us.`,
      `Every application is checked by hand. You can expect a decision in about ${DECISION_WEEKS} weeks, and we will e-mail you as soon as it has been made.`,
      `If you have not heard from us after ${CONTACT_SUPPORT_AFTER_WEEKS} weeks, or if you have any questions, please write to ${w.support}.`,
      `If you did not send this application, please let us know at the same address.`,
      `Kind regards,\nThe ${w.product} team`,
    ],
  },
  it: {
    subject: (w) => `${w.product}: abbiamo ricevuto la Sua candidatura (${w.reference})`,
    paragraphs: (w) => [
      `Gentile ${w.name},`,
      `La ringraziamo per la Sua candidatura a ${w.product}: l'abbiamo ricevuta. Il codice di riferimento è ${w.reference}; La preghiamo di indicarlo ogni volta che ci contatta.`,
      `Ogni candidatura viene verificata manualmente. Riceverà una risposta entro circa ${DECISION_WEEKS} settimane: Le scriveremo via e-mail non appena avremo preso una decisione.`,
      `Se dopo ${CONTACT_SUPPORT_AFTER_WEEKS} settimane non avrà ancora ricevuto notizie, o per qualsiasi domanda, può scriverci a ${w.support}.`,
      `Se non è stato Lei a inviare questa candidatura, La preghiamo di comunicarcelo allo stesso indirizzo.`,
      `Cordiali saluti,\nIl team di ${w.product}`,
    ],
  },
  de: {
    subject: (w) => `${w.product}: Wir haben Ihre Bewerbung erhalten (${w.reference})`,
    paragraphs: (w) => [
      `Guten Tag ${w.name},`,
      `vielen Dank für Ihre Bewerbung bei ${w.product}. Sie ist bei uns eingegangen. Ihre Referenznummer lautet ${w.reference}; bitte geben Sie sie an, wenn Sie sich an uns wenden.`,
      `Jede Bewerbung wird von uns persönlich geprüft. Mit einer Entscheidung können Sie in etwa ${DECISION_WEEKS} Wochen rechnen; wir benachrichtigen Sie per E-Mail, sobald sie feststeht.`,
      `Sollten Sie nach ${CONTACT_SUPPORT_AFTER_WEEKS} Wochen noch nichts von uns gehört haben oder Fragen haben, schreiben Sie uns bitte an ${w.support}.`,
      `Falls Sie diese Bewerbung nicht selbst abgeschickt haben, teilen Sie uns das bitte unter derselben Adresse mit.`,
      `Mit freundlichen Grüßen\nIhr ${w.product}-Team`,
    ],
  },
};

export function applicationReceivedMail(input: ReceivedMailInput, settings: ReceivedMailSettings): MailMessage {
  const text = TEXT[input.language];
  const words: Words = {
    product: settings.productName,
    // Italian and German letters name the person in full; English ones by first name.
    name: input.language === 'en' ? input.firstName : `${input.firstName} ${input.lastName}`,
    reference: input.reference,
    support: settings.supportEmail,
  };
  const paragraphs = text.paragraphs(words);
  return {
    to: input.to,
    subject: text.subject(words),
    text: `${paragraphs.join('\n\n')}\n`,
    html: simpleHtml(paragraphs, null, input.language, input.reference),
  };
}
