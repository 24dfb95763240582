// The e-mails to a pharmacist a rep or area manager recorded (issue 23): the first one with their
// personal link, and one reminder. They name no one (the pharmacist's data is on the page behind
// the link), so a copy kept after an erasure holds nothing about them but the address.
import { LANGUAGE_TAG, type Language } from '#shared/markets.ts';
import type { MailMessage } from '../mail/outbox.ts';
import { texts } from '../texts.ts';
import { simpleHtml } from '../tokens.ts';

export interface ConfirmationMailInput {
  to: string;
  language: Language;
  pharmacyName: string;
  link: string;
  expiresAt: Date;
  reminder: boolean;
}

export function pharmacistConfirmationMail(input: ConfirmationMailInput, settings: { productName: string; supportEmail: string }): MailMessage {
  const t = texts(input.language);
  const say = (key: string, values?: Record<string, string>) => t(`mail.pharmacistConfirmation.${key}`, values);
  const date = input.expiresAt.toLocaleDateString(LANGUAGE_TAG[input.language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
  const before = [say('intro', { pharmacy: input.pharmacyName }), say('ask')];
  const after = [
    say('nothingPublic'),
    say('expiry', { date }),
    say('ignore'),
    ...(settings.supportEmail ? [say('support', { email: settings.supportEmail })] : []),
  ];
  return {
    to: input.to,
    subject: `${settings.productName}: ${say(input.reminder ? 'reminderSubject' : 'subject')}`,
    text: `${before.join('\n\n')}\n\n${input.link}\n\n${after.join('\n\n')}\n\n${settings.productName}\n`,
    // The button after the sentence that introduces it.
    html: simpleHtml([...before, ...after], { url: input.link, label: say('button') }, input.language, undefined, before.length - 1),
  };
}
