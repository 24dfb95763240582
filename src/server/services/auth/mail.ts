// The staff e-mails in the account's language (Italian, German, else English): the sign-in link, and
// the welcome to staff someone else added.
import { isLanguage } from '#shared/markets.ts';
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
  if (language === 'de') {
    const paragraphs = [
      `Guten Tag ${firstName}, hier ist Ihr Link zur Anmeldung im Mitarbeiterbereich von ${productName}.`,
      `Der Link ist ${SIGN_IN_LINK_MINUTES} Minuten gültig, nur einmal verwendbar und funktioniert nur in dem Browser, in dem Sie die Anmeldung angefordert haben.`,
      'Wenn Sie keine Anmeldung angefordert haben, können Sie diese E-Mail ignorieren: Ohne den Link kann sich niemand anmelden.',
    ];
    return {
      subject: `${productName}: Ihr Anmeldelink`,
      text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n\n${paragraphs[2]}\n`,
      html: simpleHtml(paragraphs, { url: link, label: 'Anmelden' }, 'de'),
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

/** The staff a welcome e-mail can greet: whoever is added by someone else (reps by their area manager, the others by the main admin). */
export type WelcomedRole = 'sales_rep' | 'area_manager' | 'reviewer';

const ROLE_WORDS: Record<'en' | 'it' | 'de', Record<WelcomedRole, { as: string; account: string }>> = {
  en: {
    sales_rep: { as: 'a sales rep', account: 'your sales rep account' },
    area_manager: { as: 'an area manager', account: 'your area manager account' },
    reviewer: { as: 'a reviewer of applications', account: 'your reviewer account' },
  },
  it: {
    sales_rep: { as: 'informatore', account: 'il Suo accesso come informatore' },
    area_manager: { as: 'area manager', account: 'il Suo accesso come area manager' },
    reviewer: { as: 'revisore delle candidature', account: 'il Suo accesso come revisore' },
  },
  de: {
    sales_rep: { as: 'Außendienstmitarbeiterin oder Außendienstmitarbeiter', account: 'Ihr Zugang im Außendienst' },
    area_manager: { as: 'Gebietsleitung', account: 'Ihr Zugang als Gebietsleitung' },
    reviewer: { as: 'Prüferin oder Prüfer der Bewerbungen', account: 'Ihr Zugang zur Prüfung der Bewerbungen' },
  },
};

interface WelcomeWords {
  role: WelcomedRole;
  firstName: string;
  email: string;
  addedBy: string;
  product: string;
  /** Roles that see every application add an authenticator code to the e-mailed link (DESIGN §7). */
  secondFactor: boolean;
}

/** The welcome: its subject, its paragraphs (the sign-in page's address follows the second), and the label of its button. */
const WELCOME: Record<'en' | 'it' | 'de', (w: WelcomeWords) => { subject: string; paragraphs: string[]; button: string }> = {
  en: (w) => ({
    subject: `${w.product}: ${ROLE_WORDS.en[w.role].account}`,
    paragraphs: [
      `Hello ${w.firstName}, ${w.addedBy} has added you as ${ROLE_WORDS.en[w.role].as} on ${w.product}.`,
      `To sign in, open the sign-in page below and enter your e-mail address, ${w.email}. We will then send you a sign-in link that works for ${SIGN_IN_LINK_MINUTES} minutes.`,
      ...(w.secondFactor ? ['The first time, you will also set up an authenticator app, which then gives you a six-digit code each time you sign in.'] : []),
      'If you did not expect this message, you can ignore it.',
    ],
    button: 'Open the sign-in page',
  }),
  it: (w) => ({
    subject: `${w.product}: ${ROLE_WORDS.it[w.role].account}`,
    paragraphs: [
      `Gentile ${w.firstName}, ${w.addedBy} L'ha aggiunta come ${ROLE_WORDS.it[w.role].as} di ${w.product}.`,
      `Per accedere, apra la pagina di accesso qui sotto e inserisca il Suo indirizzo e-mail, ${w.email}. Le invieremo quindi un link di accesso valido ${SIGN_IN_LINK_MINUTES} minuti.`,
      ...(w.secondFactor ? ["Al primo accesso Le chiederemo di configurare un'app di autenticazione, che poi Le darà un codice di sei cifre a ogni accesso."] : []),
      'Se non si aspettava questo messaggio, può ignorarlo.',
    ],
    button: 'Vai alla pagina di accesso',
  }),
  de: (w) => ({
    subject: `${w.product}: ${ROLE_WORDS.de[w.role].account}`,
    paragraphs: [
      `Guten Tag ${w.firstName}, ${w.addedBy} hat Sie bei ${w.product} als ${ROLE_WORDS.de[w.role].as} hinzugefügt.`,
      `Zum Anmelden öffnen Sie die Anmeldeseite unten und geben Ihre E-Mail-Adresse ein: ${w.email}. Wir senden Ihnen dann einen Anmeldelink, der ${SIGN_IN_LINK_MINUTES} Minuten gültig ist.`,
      ...(w.secondFactor ? ['Bei der ersten Anmeldung richten Sie außerdem eine Authenticator-App ein, die Ihnen danach bei jeder Anmeldung einen sechsstelligen Code anzeigt.'] : []),
      'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
    ],
    button: 'Zur Anmeldeseite',
  }),
};

/** To staff just added by someone else: their account exists, and where to sign in (a link is then mailed to the browser that asks). */
export function welcomeMail(role: WelcomedRole, language: string, person: { firstName: string; email: string }, addedBy: string, signInPage: string, productName: string) {
  const lang = isLanguage(language) ? language : 'en';
  const { subject, paragraphs, button } = WELCOME[lang]({ role, ...person, addedBy, product: productName, secondFactor: role === 'reviewer' });
  return {
    subject,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${signInPage}\n\n${paragraphs.slice(2).join('\n\n')}\n`,
    // The button after the sentence that introduces it, as in the text part.
    html: simpleHtml(paragraphs, { url: signInPage, label: button }, lang, undefined, 1),
  };
}
