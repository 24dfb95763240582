// The e-mail an applicant gets when their application is submitted: in the language of their
// form, with its reference, when to expect a decision, the link to its status page and whom to ask.
// It carries a PDF copy of the answers, made when it is delivered (services/application-copy.ts):
// its HTML names the application's reference for that (`copyReferenceIn`, decision 0067).
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import { LANGUAGE_TABLE, type Language } from '#shared/markets.ts';
import { STATUS_LINK_DAYS_AFTER_DECISION } from '#shared/schemas/my-application.ts';
import { texts } from '../texts.ts';
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

/** The status link goes after this paragraph (the expected decision). */
const STATUS_AFTER = 2;

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
  const t = texts(input.language);
  const words = {
    product: settings.productName,
    // Italian and German letters name the person in full; English ones by first name.
    name: LANGUAGE_TABLE[input.language].greetsByFirstName ? input.firstName : `${input.firstName} ${input.lastName}`,
    reference: input.reference,
    support: settings.supportEmail,
  };
  const subject = t('mail.received.subject', words);
  const statusIntro = t('mail.received.statusIntro', { days: STATUS_LINK_DAYS_AFTER_DECISION });
  const paragraphs = [
    t('mail.greeting', words),
    t('mail.received.thanks', words),
    t('mail.received.decision', { weeks: DECISION_WEEKS }),
    t('mail.received.contact', { ...words, weeks: CONTACT_SUPPORT_AFTER_WEEKS }),
    t('mail.received.notYou'),
    t('mail.signOff', words),
  ];
  if (!input.statusLink) {
    return { to: input.to, subject, text: `${paragraphs.join('\n\n')}\n`, html: simpleHtml(paragraphs, null, input.language, input.reference) };
  }
  const withLink = (paragraph: string) => [...paragraphs.slice(0, STATUS_AFTER + 1), paragraph, ...paragraphs.slice(STATUS_AFTER + 1)];
  return {
    to: input.to,
    subject,
    text: `${withLink(`${statusIntro}\n${input.statusLink}`).join('\n\n')}\n`,
    html: simpleHtml(
      withLink(statusIntro),
      { url: input.statusLink, label: t('mail.received.statusButton') },
      input.language,
      input.reference,
      STATUS_AFTER + 1,
    ),
  };
}
