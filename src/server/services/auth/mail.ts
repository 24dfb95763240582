// The staff e-mails in the account's language: the sign-in link, and the welcome to staff someone
// else added. Their words are in the message files (server/mail.json, decision 0077).
import type { Language } from '#shared/markets.ts';
import { SIGN_IN_LINK_MINUTES } from '#shared/schemas/staff.ts';
import { texts } from '../texts.ts';
import { simpleHtml } from '../tokens.ts';

export function signInMail(language: Language, firstName: string, link: string, productName: string) {
  const t = texts(language);
  const paragraphs = [
    t('mail.signIn.greeting', { firstName, product: productName }),
    t('mail.signIn.validity', { minutes: SIGN_IN_LINK_MINUTES }),
    t('mail.signIn.ignore'),
  ];
  return {
    subject: t('mail.signIn.subject', { product: productName }),
    text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n\n${paragraphs[2]}\n`,
    html: simpleHtml(paragraphs, { url: link, label: t('mail.signIn.button') }, language),
  };
}

/** The staff a welcome e-mail can greet: whoever is added by someone else (reps by their area manager, the others by the main admin). */
export type WelcomedRole = 'sales_rep' | 'area_manager' | 'reviewer';

/** To staff just added by someone else: their account exists, and where to sign in (a link is then mailed to the browser that asks). */
export function welcomeMail(
  role: WelcomedRole,
  language: Language,
  person: { firstName: string; email: string },
  addedBy: string,
  signInPage: string,
  productName: string,
) {
  const t = texts(language);
  const paragraphs = [
    t('mail.welcome.added', { firstName: person.firstName, addedBy, as: t(`mail.welcome.role.${role}.as`), product: productName }),
    t('mail.welcome.howToSignIn', { email: person.email, minutes: SIGN_IN_LINK_MINUTES }),
    // Roles that see every application add an authenticator code to the e-mailed link (DESIGN §7).
    ...(role === 'reviewer' ? [t('mail.welcome.secondFactor')] : []),
    t('mail.welcome.ignore'),
  ];
  const account = t(`mail.welcome.role.${role}.account`);
  return {
    subject: `${productName}: ${account}`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${signInPage}\n\n${paragraphs.slice(2).join('\n\n')}\n`,
    // The button after the sentence that introduces it, as in the text part.
    html: simpleHtml(paragraphs, { url: signInPage, label: t('mail.welcome.button') }, language, undefined, 1),
  };
}
