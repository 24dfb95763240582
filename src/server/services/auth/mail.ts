// The sign-in e-mail: Italian for staff whose language is Italian, English otherwise.
import { SIGN_IN_LINK_MINUTES } from '#shared/schemas/staff.ts';
import { simpleHtml } from '../tokens.ts';

export function signInMail(language: string, firstName: string, link: string, productName: string) {
  if (language === 'it') {
    const paragraphs = [
      `Gentile ${firstName}, ecco il link per accedere all'area riservata di ${productName}.`,
      `Il link è valido per ${SIGN_IN_LINK_MINUTES} minuti, si può usare una sola volta e funziona solo nel browser da cui ha richiesto l'accesso.`,
      'Se non è stato Lei a richiedere l\'accesso, può ignorare questa e-mail: senza il link nessuno può entrare.',
    ];
    return {
      subject: `${productName}: il Suo link di accesso`,
      text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n\n${paragraphs[2]}\n`,
      html: simpleHtml(paragraphs, { url: link, label: 'Accedi' }, 'it'),
    };
  }
  const paragraphs = [
    `Hello ${firstName}, here is your link to sign in to the ${productName} staff area.`,
    `The link works for ${SIGN_IN_LINK_MINUTES} minutes, only once, and only in the browser where you asked to sign in.`,
    'If you did not ask to sign in, ignore this e-mail: nobody can get in without the link.',
  ];
  return {
    subject: `${productName}: your sign-in link`,
    text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n\n${paragraphs[2]}\n`,
    html: simpleHtml(paragraphs, { url: link, label: 'Sign in' }, 'en'),
  };
}
