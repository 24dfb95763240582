// The e-mails that tell an applicant a reviewer's decision, in the application's language
// (en, it, de), as plain text and HTML; product name and support address from config. The
// reviewer's reason (or the approval's optional note) is written in; an internal note never is:
// it is not part of the input. The approval links the listing and the applicant's status page.
import type { Language } from '#shared/markets.ts';
import { STATUS_LINK_DAYS_AFTER_DECISION } from '#shared/schemas/my-application.ts';
import { EDIT_LINK_DAYS, type Decision } from '#shared/schemas/review.ts';
import { hasText, storedLanguage, texts } from '../texts.ts';
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

export function decisionMail(input: DecisionMailInput): { subject: string; text: string; html: string; lang: Language } {
  const lang = storedLanguage(input.language);
  const t = texts(lang);
  const say = (key: string) =>
    t(`mail.decision.${input.decision}.${key}`, {
      product: input.productName,
      support: input.supportEmail,
      statusDays: STATUS_LINK_DAYS_AFTER_DECISION,
      editDays: EDIT_LINK_DAYS,
    });
  const has = (key: string) => hasText(lang, `mail.decision.${input.decision}.${key}`);
  const wording = {
    subject: say('subject'),
    intro: [t('mail.greeting', { name: input.firstName }), say('body')],
    reasonLabel: say('reasonLabel'),
    outro: [say('outro'), ...(has('questions') ? [say('questions')] : [])],
  };
  const reason = input.reason.trim();
  const showReason = Boolean(reason);
  const link = (words: LinkWording | null, url: string | undefined) => (words && url ? [{ ...words, url }] : []);
  const linkWords = (label: string, intro?: string): LinkWording | null =>
    has(label) ? { label: say(label), ...(intro && has(intro) ? { intro: say(intro) } : {}) } : null;
  const links = [
    ...link(linkWords('edit'), input.editLink),
    ...link(linkWords('listing'), input.listingLink),
    ...link(linkWords('status', 'statusIntro'), input.statusLink),
  ];
  const outro = [...wording.outro, t('mail.signOff', { product: input.productName })];

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
    showReason ? `<p><strong>${escapeHtml(wording.reasonLabel)}</strong></p><blockquote style="white-space:pre-wrap">${escapeHtml(reason)}</blockquote>` : '',
    ...links.map((link) => `${link.intro ? paragraphs([link.intro]) : ''}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    paragraphs(outro),
    '</body></html>',
  ].join('');
  return { subject: wording.subject, text: `${text}\n`, html, lang };
}
