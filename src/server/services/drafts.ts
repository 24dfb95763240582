// Drafts: a half-filled form kept for 30 days and reachable from an e-mailed link, so that an
// applicant can continue on another device. The token is only in the link; we keep its hash.
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { answersOf } from '#shared/forms/derive.ts';
import { DRAFT_TTL_DAYS, type DraftAnswer } from '#shared/schemas/drafts.ts';
import { PhotoNameSchema } from '#shared/schemas/fields.ts';
import { isCountry, isLanguage, LANGUAGE_TAG, type Country, type Language } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import type { Database } from '../db/client.ts';
import { drafts } from '../db/schema.ts';
import { mailboxOf, sameUntaggedMailbox } from './mailbox.ts';
import type { Mailer } from './mail/outbox.ts';
import { texts } from './texts.ts';
import { hashToken, newToken, simpleHtml } from './tokens.ts';

/** Draft mails a day to one mailbox (its +tag spellings counted with it), and from one client address. */
const DRAFTS_PER_MAILBOX_PER_DAY = 10;
const DRAFTS_PER_CLIENT_PER_DAY = 10;

/** Why a draft was not stored and mailed. */
export type DraftRefusal = 'tooManyForMailbox' | 'tooManyForClient';

export interface DraftInput {
  email: string;
  country: Country;
  language: Language;
  step: number;
  basePath: string;
  data: Record<string, string | number | boolean>;
}

export function draftMail(language: Language, link: string, expiresAt: Date, productName: string) {
  const t = texts(language);
  const date = expiresAt.toLocaleDateString(LANGUAGE_TAG[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
  const paragraphs = [t('mail.draft.intro'), t('mail.draft.expiry', { date }), t('mail.draft.ignore')];
  return {
    subject: `${productName}: ${t('mail.draft.subject')}`,
    text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n\n${paragraphs[2]}\n\n${productName}\n`,
    html: simpleHtml(paragraphs, { url: link, label: t('mail.draft.button') }, language),
  };
}

export function createDraftStore(db: Database, deps: { mailer: Mailer; productName: string; now: () => Date }) {
  return {
    /** Stores the draft and mails its link, unless today's cap for its mailbox or its client address is reached. */
    async save(input: DraftInput, origin: string, clientAddress: string): Promise<{ ok: true } | { ok: false; reason: DraftRefusal }> {
      const now = deps.now();
      const email = input.email.trim().toLowerCase();
      const mailbox = mailboxOf(email);
      const clientHash = hashToken(clientAddress);
      const since = new Date(now.getTime() - 24 * 3600_000);
      const token = newToken();
      const expiresAt = new Date(now.getTime() + DRAFT_TTL_DAYS * 24 * 3600_000);
      const photo = PhotoNameSchema.safeParse(input.data.photo);

      const refusal = await db.transaction(async (tx) => {
        // One draft save at a time (drafts are rare): the counts below cannot be raced past the caps.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('drafts daily caps'))`);
        const [forMailbox] = await tx
          .select({ n: count() })
          .from(drafts)
          .where(and(sameUntaggedMailbox(drafts.mailbox, mailbox), gt(drafts.createdAt, since)));
        if ((forMailbox?.n ?? 0) >= DRAFTS_PER_MAILBOX_PER_DAY) return 'tooManyForMailbox' as const;
        const [forClient] = await tx
          .select({ n: count() })
          .from(drafts)
          .where(and(eq(drafts.clientHash, clientHash), gt(drafts.createdAt, since)));
        if ((forClient?.n ?? 0) >= DRAFTS_PER_CLIENT_PER_DAY) return 'tooManyForClient' as const;
        await tx.insert(drafts).values({
          tokenHash: hashToken(token),
          email,
          mailbox,
          clientHash,
          country: input.country,
          language: input.language,
          step: input.step,
          data: answersOf(applicationFormFor(input.country, input.language), input.data),
          photo: photo.success ? photo.data : null,
          createdAt: now,
          expiresAt,
        });
        return null;
      });
      if (refusal) return { ok: false, reason: refusal };

      const link = `${origin}${input.basePath}${routePath('formStep', { step: String(input.step) })}?draft=${token}`;
      await deps.mailer.sendMail({ to: input.email, ...draftMail(input.language, link, expiresAt, deps.productName) });
      return { ok: true };
    },

    async load(token: string): Promise<DraftAnswer | null> {
      const [row] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.tokenHash, hashToken(token)), gt(drafts.expiresAt, deps.now())));
      if (!row || !isCountry(row.country) || !isLanguage(row.language)) return null;
      return { country: row.country, language: row.language, step: row.step, data: row.data };
    },

    async purgeExpired(now = deps.now()): Promise<number> {
      const deleted = await db.delete(drafts).where(lt(drafts.expiresAt, now)).returning({ id: drafts.id });
      return deleted.length;
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
