// "E-mail me a link", the one mechanism behind two requests of applicants: a link to update their
// application (its edit link, issue 14) and a link to their data (/my-data/{token}, valid 7 days,
// issue 13). Known and unknown addresses get the same answer at the same time: the caller answers
// first, and the look-up and the mail happen afterwards, in the background.
import { and, eq, ne } from 'drizzle-orm';
import { LANGUAGE_TAG, MARKET_LANGUAGE, isCountry, isLanguage, type Country, type Language } from '#shared/markets.ts';
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
import { hasText, texts } from './texts.ts';
import { hashToken, newToken, simpleHtml } from './tokens.ts';

export type LinkPurpose = 'update' | 'dataRights';

export function applicantLinkMail(
  purpose: LinkPurpose,
  language: Language,
  link: string,
  options: { productName: string; supportEmail: string; expiresAt?: Date },
) {
  const t = texts(language);
  const say = (key: string, values?: Record<string, string>) => t(`mail.applicantLink.${purpose}.${key}`, values);
  // Only the data-rights link names the day it stops working.
  const date = hasText(language, `mail.applicantLink.${purpose}.expiry`)
    ? options.expiresAt?.toLocaleDateString(LANGUAGE_TAG[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' })
    : undefined;
  const paragraphs = [
    say('intro'),
    ...(date ? [say('expiry', { date })] : []),
    say('warning'),
    ...(options.supportEmail ? [say('support', { email: options.supportEmail })] : []),
  ];
  return {
    subject: `${options.productName}: ${say('subject')}`,
    text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs.slice(1).join('\n\n')}\n\n${options.productName}\n`,
    html: simpleHtml(paragraphs, { url: link, label: say('button') }, language),
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
  deps: {
    mailer: Mailer;
    dataRights: Pick<DataRights, 'holderOf' | 'otherMailboxesOf'>;
    productName: string;
    supportEmail: string;
    now: () => Date;
    log?: { error: (obj: object, msg: string) => void };
  },
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
      .select({
        id: applications.id,
        email: applications.email,
        editTokenExpiresAt: applications.editTokenExpiresAt,
        country: applications.country,
        language: applications.language,
      })
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
    await deps.mailer.sendMail({
      to: application.email,
      ...applicantLinkMail('update', language, link, { productName: deps.productName, supportEmail: deps.supportEmail, expiresAt }),
    });
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
    await db
      .insert(dataRightsLinks)
      .values({ tokenHash: hashToken(token), mailbox, country, language, applicationId: holder.applicationId, createdAt: now, expiresAt });
    await db.insert(dataRightsEvents).values({ applicationId: holder.applicationId, event: 'link_sent', at: now });
    const link = marketLink(origin, basePath, country, language, routePath('myData', { token }));
    await deps.mailer.sendMail({
      to: holder.email,
      ...applicantLinkMail('dataRights', language, link, { productName: deps.productName, supportEmail: deps.supportEmail, expiresAt }),
    });
  }

  /** One more link e-mail today to the mailbox, its +tag spellings counted with it. */
  const withinCap = (email: string, now: Date) =>
    chargeDailyQuota(db, {
      scope: 'applicant-link-mail',
      key: hashToken(untaggedMailboxOf(email)),
      amount: 1,
      limit: APPLICANT_LINKS_PER_MAILBOX_PER_DAY,
      now,
    });

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
