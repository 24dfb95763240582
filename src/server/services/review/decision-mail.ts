// The e-mails that tell an applicant a reviewer's decision, in the application's language
// (en, it, de), as plain text and HTML; product name and support address from config. The
// reviewer's reason (or the approval's optional note) is written in; an internal note never is:
// it is not part of the input. The approval links the listing and the applicant's status page.
import type { Language } from '#shared/markets.ts';
import { STATUS_LINK_DAYS_AFTER_DECISION } from '#shared/schemas/my-application.ts';
import { EDIT_LINK_DAYS, type Decision } from '#shared/schemas/review.ts';
import { escapeHtml } from '../tokens.ts';

export interface DecisionMailInput {
  decision: Decision;
  language: string;
  firstName: string;
  /** The reason, or the approval's note; shown under the decision's label when not empty. */
  reason: string;
  /** The edit link of "request changes". */
  editLink?: string;
  /** The approved listing's page in the finder, and the applicant's status page. */
  listingLink?: string;
  statusLink?: string;
  productName: string;
  supportEmail: string;
}

/** A link of the mail: the sentence that introduces it (else its label, with a colon), and its label as a link in the HTML part. */
interface LinkWording {
  intro?: string;
  label: string;
}

interface Wording {
  subject: string;
  /** Paragraphs before the reason and links. */
  intro: string[];
  reasonLabel?: string;
  /** The edit link (request changes), or the listing and status links (approve). */
  edit?: LinkWording;
  listing?: LinkWording;
  status?: LinkWording;
  /** Paragraphs after them. */
  outro: string[];
}

type Texts = (input: DecisionMailInput) => Record<Decision, Wording>;

/** The sign-off of every mail to an applicant (as the 'application received' e-mail's). */
const SIGN_OFF: Record<Language, (product: string) => string> = {
  en: (p) => `Kind regards,\nThe ${p} team`,
  it: (p) => `Cordiali saluti,\nIl team di ${p}`,
  de: (p) => `Mit freundlichen Grüßen\nIhr ${p}-Team`,
};

const EN: Texts = ({ firstName, productName: p, supportEmail: s }) => ({
  approve: {
    subject: `${p}: your application is approved`,
    intro: [`Dear ${firstName},`, `Good news: we have reviewed your application and approved it. Your pharmacy is now listed in the ${p} pharmacy finder, where patients can find you.`],
    reasonLabel: 'A note from the reviewer:',
    listing: { label: 'See your listing in the pharmacy finder' },
    status: { intro: `Your application's own page shows this decision for the next ${STATUS_LINK_DAYS_AFTER_DECISION} days; please do not share its link.`, label: 'See my application' },
    outro: [`If any of your details change, or you have a question, write to ${s}.`],
  },
  reject: {
    subject: `${p}: your application`,
    intro: [`Dear ${firstName},`, 'Thank you for applying. We have reviewed your application and are sorry to say that we cannot approve it.'],
    reasonLabel: 'Reason:',
    outro: [`If you think this is a mistake or have a question, write to ${s}.`],
  },
  request_changes: {
    subject: `${p}: please update your application`,
    intro: [`Dear ${firstName},`, 'We have reviewed your application and need you to change something before we can approve it.'],
    reasonLabel: 'What to change:',
    edit: { label: 'Update your application' },
    outro: [`The link works for ${EDIT_LINK_DAYS} days. Once you send the updated application, we review it again.`, `Questions? Write to ${s}.`],
  },
  deactivate: {
    subject: `${p}: your listing has been deactivated`,
    intro: [`Dear ${firstName},`, `Your pharmacy is no longer listed in the ${p} pharmacy finder.`],
    reasonLabel: 'Reason:',
    outro: [`If you think this is a mistake or have a question, write to ${s}.`],
  },
});

const IT: Texts = ({ firstName, productName: p, supportEmail: s }) => ({
  approve: {
    subject: `${p}: la Sua candidatura è stata approvata`,
    intro: [`Gentile ${firstName},`, `siamo lieti di comunicarLe che abbiamo esaminato e approvato la Sua candidatura. La Sua farmacia è ora elencata nella ricerca farmacie di ${p}, dove i pazienti possono trovarLa.`],
    reasonLabel: 'Una nota di chi ha esaminato la candidatura:',
    listing: { label: 'Vedi la Sua farmacia nella ricerca farmacie' },
    status: { intro: `La pagina della Sua candidatura mostra questa decisione per i prossimi ${STATUS_LINK_DAYS_AFTER_DECISION} giorni; La preghiamo di non condividerne il link.`, label: 'Vedi la mia candidatura' },
    outro: [`Se i Suoi dati cambiano o ha domande, ci scriva a ${s}.`],
  },
  reject: {
    subject: `${p}: la Sua candidatura`,
    intro: [`Gentile ${firstName},`, 'La ringraziamo per la Sua candidatura. Dopo averla esaminata, siamo spiacenti di comunicarLe che non possiamo approvarla.'],
    reasonLabel: 'Motivo:',
    outro: [`Se ritiene che si tratti di un errore o ha domande, ci scriva a ${s}.`],
  },
  request_changes: {
    subject: `${p}: La preghiamo di aggiornare la Sua candidatura`,
    intro: [`Gentile ${firstName},`, 'abbiamo esaminato la Sua candidatura: prima di poterla approvare, Le chiediamo di modificare alcune informazioni.'],
    reasonLabel: 'Che cosa modificare:',
    edit: { label: 'Aggiorni la Sua candidatura' },
    outro: [`Il link è valido per ${EDIT_LINK_DAYS} giorni. Quando avrà inviato la candidatura aggiornata, la esamineremo di nuovo.`, `Per domande ci scriva a ${s}.`],
  },
  deactivate: {
    subject: `${p}: la Sua farmacia non è più elencata`,
    intro: [`Gentile ${firstName},`, `La informiamo che la Sua farmacia non è più elencata nella ricerca farmacie di ${p}.`],
    reasonLabel: 'Motivo:',
    outro: [`Se ritiene che si tratti di un errore o ha domande, ci scriva a ${s}.`],
  },
});

const DE: Texts = ({ firstName, productName: p, supportEmail: s }) => ({
  approve: {
    subject: `${p}: Ihre Bewerbung wurde angenommen`,
    intro: [`Guten Tag ${firstName},`, `wir haben Ihre Bewerbung geprüft und angenommen. Ihre Apotheke ist jetzt in der Apothekensuche von ${p} aufgeführt, wo Patientinnen und Patienten Sie finden.`],
    reasonLabel: 'Ein Hinweis aus der Prüfung:',
    listing: { label: 'Ihren Eintrag in der Apothekensuche ansehen' },
    status: { intro: `Die Seite Ihrer Bewerbung zeigt diese Entscheidung noch ${STATUS_LINK_DAYS_AFTER_DECISION} Tage lang; bitte geben Sie den Link nicht weiter.`, label: 'Meine Bewerbung ansehen' },
    outro: [`Wenn sich Ihre Angaben ändern oder Sie Fragen haben, schreiben Sie uns an ${s}.`],
  },
  reject: {
    subject: `${p}: Ihre Bewerbung`,
    intro: [`Guten Tag ${firstName},`, 'vielen Dank für Ihre Bewerbung. Wir haben sie geprüft und können sie leider nicht annehmen.'],
    reasonLabel: 'Begründung:',
    outro: [`Wenn Sie dies für einen Irrtum halten oder Fragen haben, schreiben Sie uns an ${s}.`],
  },
  request_changes: {
    subject: `${p}: Bitte ergänzen Sie Ihre Bewerbung`,
    intro: [`Guten Tag ${firstName},`, 'wir haben Ihre Bewerbung geprüft. Bevor wir sie annehmen können, bitten wir Sie, einige Angaben zu ändern.'],
    reasonLabel: 'Was zu ändern ist:',
    edit: { label: 'Bewerbung bearbeiten' },
    outro: [`Der Link ist ${EDIT_LINK_DAYS} Tage gültig. Sobald Sie die geänderte Bewerbung absenden, prüfen wir sie erneut.`, `Bei Fragen schreiben Sie uns an ${s}.`],
  },
  deactivate: {
    subject: `${p}: Ihr Eintrag wurde deaktiviert`,
    intro: [`Guten Tag ${firstName},`, `Ihre Apotheke ist nicht mehr in der Apothekensuche von ${p} aufgeführt.`],
    reasonLabel: 'Begründung:',
    outro: [`Wenn Sie dies für einen Irrtum halten oder Fragen haben, schreiben Sie uns an ${s}.`],
  },
});

const TEXTS: Record<Language, Texts> = { en: EN, it: IT, de: DE };

export function decisionMail(input: DecisionMailInput): { subject: string; text: string; html: string; lang: Language } {
  const lang: Language = input.language === 'it' || input.language === 'de' ? input.language : 'en';
  const wording = TEXTS[lang](input)[input.decision];
  const reason = input.reason.trim();
  const showReason = Boolean(wording.reasonLabel && reason);
  const link = (words: LinkWording | undefined, url: string | undefined) => (words && url ? [{ ...words, url }] : []);
  const links = [...link(wording.edit, input.editLink), ...link(wording.listing, input.listingLink), ...link(wording.status, input.statusLink)];
  const outro = [...wording.outro, SIGN_OFF[lang](input.productName)];

  const text = [
    ...wording.intro,
    ...(showReason ? [`${wording.reasonLabel}\n${reason}`] : []),
    ...links.map((link) => `${link.intro ?? `${link.label}:`}\n${link.url}`),
    ...outro,
  ].join('\n\n');
  const paragraphs = (list: string[]) => list.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
    paragraphs(wording.intro),
    showReason ? `<p><strong>${escapeHtml(wording.reasonLabel!)}</strong></p><blockquote style="white-space:pre-wrap">${escapeHtml(reason)}</blockquote>` : '',
    ...links.map((link) => `${link.intro ? paragraphs([link.intro]) : ''}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    paragraphs(outro),
    '</body></html>',
  ].join('');
  return { subject: wording.subject, text: `${text}\n`, html, lang };
}
