// "E-mail me a link", the one mechanism behind two requests of applicants: a link to update their
// application (its edit link, issue 14) and a link to their data (/my-data/{token}, valid 7 days,
// issue 13). Known and unknown addresses get the same answer at the same time: the caller answers
// first, and the look-up and the mail happen afterwards, in the background.
import { and, eq, ne } from 'drizzle-orm';
import { MARKET_LANGUAGE, isCountry, isLanguage, type Country, type Language } from '#shared/markets.ts';
import { APPLICANT_LINKS_PER_MAILBOX_PER_DAY, DATA_RIGHTS_LINK_DAYS } from '#shared/schemas/applicant-links.ts';
import { routePath } from '#shared/routes.ts';
import { EDIT_LINK_DAYS } from '#shared/schemas/review.ts';
import type { Database } from '../db/client.ts';
import { applications, dataRightsEvents, dataRightsLinks } from '../db/schema.ts';
import { newEditTokenWithHash } from './applications.ts';
import { chargeDailyQuota } from './daily-quota.ts';
import type { DataRights } from './data-rights.ts';
import { mailboxOf, untaggedMailboxOf } from './mailbox.ts';
import type { Mailer } from './mail/outbox.ts';
import { hashToken, newToken, simpleHtml } from './tokens.ts';

export type LinkPurpose = 'update' | 'dataRights';

interface LinkMailText {
  subject: string;
  intro: string;
  button: string;
  expiry?: (date: string) => string;
  warning: string;
  support: (email: string) => string;
}

const MAIL: Record<LinkPurpose, Record<Language, LinkMailText>> = {
  update: {
    en: {
      subject: 'Update your application',
      intro: 'We received a request for a link to update the application made with this e-mail address. Use this link to open your application, change what you need and send it again:',
      button: 'Update my application',
      warning: 'Anyone with this link can see and change your application, so please do not forward this e-mail. If you did not ask for it, you can ignore it: nothing changes.',
      support: (email) => `Questions? Write to us at ${email}.`,
    },
    it: {
      subject: 'Aggiorni la Sua candidatura',
      intro: 'Abbiamo ricevuto una richiesta di link per aggiornare la candidatura inviata con questo indirizzo e-mail. Con questo link può aprire la Sua candidatura, modificare ciò che serve e inviarla di nuovo:',
      button: 'Aggiorna la mia candidatura',
      warning: 'Chiunque abbia questo link può vedere e modificare la Sua candidatura: La preghiamo quindi di non inoltrare questa e-mail. Se non è stato Lei a fare la richiesta, può ignorarla: non cambia nulla.',
      support: (email) => `Domande? Ci scriva a ${email}.`,
    },
    de: {
      subject: 'Ihre Bewerbung aktualisieren',
      intro: 'Wir haben eine Anfrage nach einem Link erhalten, um die mit dieser E-Mail-Adresse gestellte Bewerbung zu aktualisieren. Mit diesem Link öffnen Sie Ihre Bewerbung, ändern, was nötig ist, und senden sie erneut ab:',
      button: 'Meine Bewerbung aktualisieren',
      warning: 'Wer diesen Link hat, kann Ihre Bewerbung sehen und ändern. Bitte leiten Sie diese E-Mail daher nicht weiter. Falls Sie den Link nicht angefordert haben, können Sie diese E-Mail ignorieren: Es ändert sich nichts.',
      support: (email) => `Fragen? Schreiben Sie uns an ${email}.`,
    },
  },
  dataRights: {
    en: {
      subject: 'Your personal data',
      intro: 'We received a request to see or erase the personal data of the application made with this e-mail address. Use this link to download a copy of your data or to have it erased:',
      button: 'See my data',
      expiry: (date) => `The link works until ${date}.`,
      warning: 'Anyone with this link can see and erase your data, so please do not forward this e-mail. If you did not ask for it, you can ignore it: nothing is shown or erased without the link.',
      support: (email) => `Questions about your data? Write to us at ${email}.`,
    },
    it: {
      subject: 'I Suoi dati personali',
      intro: 'Abbiamo ricevuto una richiesta di accesso o di cancellazione dei dati personali della candidatura inviata con questo indirizzo e-mail. Con questo link può scaricare una copia dei Suoi dati o farli cancellare:',
      button: 'Vedi i miei dati',
      expiry: (date) => `Il link è valido fino al ${date}.`,
      warning: 'Chiunque abbia questo link può vedere e cancellare i Suoi dati: La preghiamo quindi di non inoltrare questa e-mail. Se non è stato Lei a fare la richiesta, può ignorarla: senza il link nulla viene mostrato o cancellato.',
      support: (email) => `Domande sui Suoi dati? Ci scriva a ${email}.`,
    },
    de: {
      subject: 'Ihre personenbezogenen Daten',
      intro: 'Wir haben eine Anfrage erhalten, die personenbezogenen Daten der mit dieser E-Mail-Adresse gestellten Bewerbung einzusehen oder zu löschen. Mit diesem Link laden Sie eine Kopie Ihrer Daten herunter oder lassen sie löschen:',
      button: 'Meine Daten ansehen',
      expiry: (date) => `Der Link ist bis zum ${date} gültig.`,
      warning: 'Wer diesen Link hat, kann Ihre Daten sehen und löschen. Bitte leiten Sie diese E-Mail daher nicht weiter. Falls Sie den Link nicht angefordert haben, können Sie diese E-Mail ignorieren: Ohne den Link wird nichts angezeigt oder gelöscht.',
      support: (email) => `Fragen zu Ihren Daten? Schreiben Sie uns an ${email}.`,
    },
  },
};

const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE' };

export function applicantLinkMail(purpose: LinkPurpose, language: Language, link: string, options: { productName: string; supportEmail: string; expiresAt?: Date }) {
  const t = MAIL[purpose][language];
  const date = options.expiresAt?.toLocaleDateString(DATE_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
  const paragraphs = [t.intro, ...(t.expiry && date ? [t.expiry(date)] : []), t.warning, ...(options.supportEmail ? [t.support(options.supportEmail)] : [])];
  return {
    subject: `${options.productName}: ${t.subject}`,
    text: `${t.intro}\n\n${link}\n\n${paragraphs.slice(1).join('\n\n')}\n\n${options.productName}\n`,
    html: simpleHtml(paragraphs, { url: link, label: t.button }, language),
  };
}

/**
 * Where a link into the application's own market and language starts: the same style as the page
 * that asked (a path prefix, or none when markets are told apart by host name), `?lang=` when the
 * application was made in a language other than its market's.
 */
function marketLink(origin: string, requestBasePath: string, country: Country, language: Language, path: string): string {
  const base = requestBasePath === '' ? '' : `/${country}`;
  const lang = language === MARKET_LANGUAGE[country] ? '' : `?lang=${language}`;
  return `${origin}${base}${path}${lang}`;
}

export function createApplicantLinks(
  db: Database,
  deps: { mailer: Mailer; dataRights: Pick<DataRights, 'holderOf' | 'otherMailboxesOf'>; productName: string; supportEmail: string; now: () => Date; log?: { error: (obj: object, msg: string) => void } },
) {
  const background = new Set<Promise<void>>();

  /**
   * The update link: the application of exactly this address. The edit token is kept only as its hash
   * (docs/decisions/0042), so each link mailed is a fresh token whose hash replaces the one before:
   * the newest link works, an earlier one (the review desk's too) no longer does.
   */
  async function sendUpdateLink(input: { email: string; basePath: string }, origin: string): Promise<void> {
    const emailNormalized = input.email.trim().toLowerCase();
    const [application] = await db
      .select({ id: applications.id, email: applications.email, editTokenExpiresAt: applications.editTokenExpiresAt, country: applications.country, language: applications.language })
      .from(applications)
      .where(and(eq(applications.emailNormalized, emailNormalized), ne(applications.status, 'erased')));
    if (!application || !isCountry(application.country) || !isLanguage(application.language)) return;
    const now = deps.now();
    if (!(await withinCap(emailNormalized, now))) return;
    const { country, language } = application;
    // A link the review desk sent runs for EDIT_LINK_DAYS; the one asked for runs as long from now (none without a limit before).
    const expiresAt = application.editTokenExpiresAt ? new Date(now.getTime() + EDIT_LINK_DAYS * 24 * 3600_000) : undefined;
    const edit = newEditTokenWithHash();
    const [stored] = await db
      .update(applications)
      .set({ editTokenHash: edit.hash, ...(expiresAt ? { editTokenExpiresAt: expiresAt } : {}) })
      .where(and(eq(applications.id, application.id), ne(applications.status, 'erased')))
      .returning({ id: applications.id });
    if (!stored) return; // erased meanwhile
    const link = marketLink(origin, input.basePath, country, language, routePath('editRedirect', { id: edit.token }));
    await deps.mailer.sendMail({ to: application.email, ...applicantLinkMail('update', language, link, { productName: deps.productName, supportEmail: deps.supportEmail, expiresAt }) });
  }

  /**
   * The data-rights link for every record of the mailbox (issue 23), sent to the address a record
   * holds. Records under another spelling of it (a +tag, or none when the request had one) may be
   * another person's (issue 39): that mailbox is sent a link of its own, which it alone can open.
   */
  async function sendDataRightsLinks(input: { email: string; basePath: string }, origin: string): Promise<void> {
    const mailbox = mailboxOf(input.email);
    for (const each of [mailbox, ...(await deps.dataRights.otherMailboxesOf(mailbox))]) await sendDataRightsLink(each, input.basePath, origin);
  }

  async function sendDataRightsLink(mailbox: string, basePath: string, origin: string): Promise<void> {
    const holder = await deps.dataRights.holderOf(mailbox);
    if (!holder || !isCountry(holder.country) || !isLanguage(holder.language)) return;
    const now = deps.now();
    if (!(await withinCap(mailbox, now))) return;
    const { country, language } = holder;
    const token = newToken();
    const expiresAt = new Date(now.getTime() + DATA_RIGHTS_LINK_DAYS * 24 * 3600_000);
    await db.insert(dataRightsLinks).values({ tokenHash: hashToken(token), mailbox, country, language, applicationId: holder.applicationId, createdAt: now, expiresAt });
    await db.insert(dataRightsEvents).values({ applicationId: holder.applicationId, event: 'link_sent', at: now });
    const link = marketLink(origin, basePath, country, language, routePath('myData', { token }));
    await deps.mailer.sendMail({ to: holder.email, ...applicantLinkMail('dataRights', language, link, { productName: deps.productName, supportEmail: deps.supportEmail, expiresAt }) });
  }

  /** One more link e-mail today to the mailbox, its +tag spellings counted with it. */
  const withinCap = (email: string, now: Date) =>
    chargeDailyQuota(db, { scope: 'applicant-link-mail', key: hashToken(untaggedMailboxOf(email)), amount: 1, limit: APPLICANT_LINKS_PER_MAILBOX_PER_DAY, now });

  const send = (purpose: LinkPurpose, input: { email: string; basePath: string }, origin: string) =>
    purpose === 'update' ? sendUpdateLink(input, origin) : sendDataRightsLinks(input, origin);

  return {
    /** Starts the look-up and, for an application's address, the mail; returns at once (the caller answers the same either way). */
    request(purpose: LinkPurpose, input: { email: string; basePath: string }, origin: string): void {
      const work = send(purpose, input, origin).catch((error: unknown) => deps.log?.error({ err: error, purpose }, 'applicant link not sent'));
      background.add(work);
      void work.finally(() => background.delete(work));
    },
    /** Resolves when every link asked for so far has been handled (tests, shutdown). */
    async settled() {
      await Promise.allSettled([...background]);
    },
  };
}

export type ApplicantLinks = ReturnType<typeof createApplicantLinks>;
