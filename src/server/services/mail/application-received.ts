// The e-mail an applicant gets when their application is submitted: in the language of their
// form, with its reference, when to expect a decision, the link to its status page and whom to ask.
// It carries a PDF copy of the answers, made when it is delivered (services/application-copy.ts):
// its HTML names the application's reference for that (`copyReferenceIn`, decision 0067).
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import type { Language } from '#shared/markets.ts';
import { STATUS_LINK_DAYS_AFTER_DECISION } from '#shared/schemas/my-application.ts';
import { escapeHtml, simpleHtml } from '../tokens.ts';
import type { MailMessage } from './outbox.ts';

export interface ReceivedMailInput {
  to: string;
  language: Language;
  firstName: string;
  lastName: string;
  reference: string;
  /** The applicant's status page (/my-application/{token}); null: the e-mail goes without it. */
  statusLink?: string | null;
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

type MailText = {
  subject: (w: Words) => string;
  paragraphs: (w: Words) => string[];
  /** Before the status link, and its label as a link in the HTML part. */
  statusIntro: string;
  statusButton: string;
};

/** The status link goes after this paragraph (the expected decision). */
const STATUS_AFTER = 2;

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
    statusIntro: `You can see where your application stands at any time on its own page. It works until ${STATUS_LINK_DAYS_AFTER_DECISION} days after the decision; please do not share it.`,
    statusButton: 'See where my application stands',
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
    statusIntro: `Può verificare in qualsiasi momento a che punto è la Sua candidatura sulla pagina dedicata. La pagina resta disponibile fino a ${STATUS_LINK_DAYS_AFTER_DECISION} giorni dopo la decisione; La preghiamo di non condividerne il link.`,
    statusButton: 'Vedi a che punto è la mia candidatura',
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
    statusIntro: `Auf einer eigenen Seite können Sie jederzeit nachsehen, wie weit Ihre Bewerbung ist. Die Seite ist bis ${STATUS_LINK_DAYS_AFTER_DECISION} Tage nach der Entscheidung erreichbar; bitte geben Sie den Link nicht weiter.`,
    statusButton: 'Stand meiner Bewerbung ansehen',
  },
};

/** The attribute of the <html> element that names the application whose copy the mail carries. */
const COPY_ATTRIBUTE = 'data-application-copy';

/** The reference of the application whose copy a mail carries (a 'received' e-mail's), or null. */
export function copyReferenceIn(html: string | null): string | null {
  const tag = html ? /^(?:<!doctype html>)?<html\b[^>]*>/i.exec(html)?.[0] : undefined;
  return (tag && new RegExp(`\\s${COPY_ATTRIBUTE}="([^"]+)"`).exec(tag)?.[1]) || null;
}

export function applicationReceivedMail(input: ReceivedMailInput, settings: ReceivedMailSettings): MailMessage {
  const message = receivedMail(input, settings);
  return { ...message, html: message.html?.replace(/<html\b([^>]*)>/i, `<html$1 ${COPY_ATTRIBUTE}="${escapeHtml(input.reference)}">`) };
}

function receivedMail(input: ReceivedMailInput, settings: ReceivedMailSettings): MailMessage {
  const text = TEXT[input.language];
  const words: Words = {
    product: settings.productName,
    // Italian and German letters name the person in full; English ones by first name.
    name: input.language === 'en' ? input.firstName : `${input.firstName} ${input.lastName}`,
    reference: input.reference,
    support: settings.supportEmail,
  };
  const paragraphs = text.paragraphs(words);
  if (!input.statusLink) {
    return { to: input.to, subject: text.subject(words), text: `${paragraphs.join('\n\n')}\n`, html: simpleHtml(paragraphs, null, input.language, input.reference) };
  }
  const withLink = (paragraph: string) => [...paragraphs.slice(0, STATUS_AFTER + 1), paragraph, ...paragraphs.slice(STATUS_AFTER + 1)];
  return {
    to: input.to,
    subject: text.subject(words),
    text: `${withLink(`${text.statusIntro}\n${input.statusLink}`).join('\n\n')}\n`,
    html: simpleHtml(withLink(text.statusIntro), { url: input.statusLink, label: text.statusButton }, input.language, input.reference, STATUS_AFTER + 1),
  };
}
