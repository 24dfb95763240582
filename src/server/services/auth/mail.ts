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

/** To a rep an area manager has just added: where to sign in (a link is then mailed to the browser that asks). */
export function welcomeMail(language: string, firstName: string, addedBy: string, signInPage: string, productName: string) {
  if (language === 'it') {
    const paragraphs = [
      `Gentile ${firstName}, ${addedBy} L'ha aggiunta come informatore di ${productName}.`,
      `Per accedere, apra la pagina di accesso e inserisca questo indirizzo e-mail: Le invieremo un link valido ${SIGN_IN_LINK_MINUTES} minuti.`,
      'Se non si aspettava questo messaggio, può ignorarlo.',
    ];
    return {
      subject: `${productName}: il Suo accesso come informatore`,
      text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${signInPage}\n\n${paragraphs[2]}\n`,
      html: simpleHtml(paragraphs, { url: signInPage, label: 'Vai alla pagina di accesso' }, 'it'),
    };
  }
  const paragraphs = [
    `Hello ${firstName}, ${addedBy} has added you as a sales rep on ${productName}.`,
    `To sign in, open the sign-in page and enter this e-mail address: we will send you a link that works for ${SIGN_IN_LINK_MINUTES} minutes.`,
    'If you did not expect this message, you can ignore it.',
  ];
  return {
    subject: `${productName}: your sales rep account`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${signInPage}\n\n${paragraphs[2]}\n`,
    html: simpleHtml(paragraphs, { url: signInPage, label: 'Open the sign-in page' }, 'en'),
  };
}
