// Drafts: a half-filled form kept for 30 days and reachable from an e-mailed link, so that an
// applicant can continue on another device. The token is only in the link; we keep its hash.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { DRAFT_TTL_DAYS, type DraftAnswer } from '#shared/schemas/drafts.ts';
import { PhotoNameSchema } from '#shared/schemas/fields.ts';
import { isCountry, isLanguage, type Country, type Language } from '#shared/markets.ts';
import type { Database } from '../db/client.ts';
import { drafts } from '../db/schema.ts';
import type { Mailer } from './mail/outbox.ts';
import { hashToken, newToken, simpleHtml } from './tokens.ts';

/** More drafts than this per address and hour are not mailed (the answer stays the same). */
export const DRAFTS_PER_EMAIL_PER_HOUR = 10;

export interface DraftInput {
  email: string;
  country: Country;
  language: Language;
  step: number;
  basePath: string;
  data: Record<string, string | number | boolean>;
}

type MailText = { subject: string; intro: string; button: string; expiry: (date: string) => string; ignore: string };

const MAIL: Record<Language, MailText> = {
  en: {
    subject: 'Continue your application',
    intro: 'You asked us to save your application so that you can finish it later or on another device. Use this link to pick up where you left off:',
    button: 'Continue my application',
    expiry: (date) => `The link works until ${date}. After that the saved answers are deleted and you would need to start again.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail. Do not forward it: anyone with the link can see your answers.',
  },
  it: {
    subject: 'Continui la Sua candidatura',
    intro: 'Ha chiesto di salvare la Sua candidatura per completarla più tardi o da un altro dispositivo. Con questo link può riprendere la compilazione dal punto in cui l\'ha lasciata:',
    button: 'Continua la candidatura',
    expiry: (date) => `Scadenza del link: ${date}. Dopo questa data le risposte salvate vengono cancellate e dovrà ricominciare da capo.`,
    ignore: 'Se non è stato Lei a fare questa richiesta, può ignorare questa e-mail. La preghiamo di non inoltrarla: chiunque abbia il link può vedere le Sue risposte.',
  },
  de: {
    subject: 'Ihre Bewerbung fortsetzen',
    intro: 'Sie haben Ihre Bewerbung gespeichert, um sie später oder auf einem anderen Gerät abzuschließen. Mit diesem Link machen Sie dort weiter, wo Sie aufgehört haben:',
    button: 'Bewerbung fortsetzen',
    expiry: (date) => `Der Link ist bis zum ${date} gültig. Danach werden die gespeicherten Angaben gelöscht, und Sie müssten neu beginnen.`,
    ignore: 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren. Bitte leiten Sie sie nicht weiter: Wer den Link hat, kann Ihre Angaben sehen.',
  },
};

const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE' };

export function draftMail(language: Language, link: string, expiresAt: Date, productName: string) {
  const t = MAIL[language];
  const date = expiresAt.toLocaleDateString(DATE_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
  const paragraphs = [t.intro, t.expiry(date), t.ignore];
  return {
    subject: `${productName}: ${t.subject}`,
    text: `${t.intro}\n\n${link}\n\n${t.expiry(date)}\n\n${t.ignore}\n\n${productName}\n`,
    html: simpleHtml(paragraphs, { url: link, label: t.button }, language),
  };
}

export function createDraftStore(db: Database, deps: { mailer: Mailer; productName: string; now: () => Date }) {
  return {
    /** Stores the draft and mails its link; false when the address has asked too often (nothing sent). */
    async save(input: DraftInput, origin: string): Promise<boolean> {
      const now = deps.now();
      const email = input.email.trim().toLowerCase();
      const [recent] = await db
        .select({ n: count() })
        .from(drafts)
        .where(and(eq(drafts.email, email), gt(drafts.createdAt, new Date(now.getTime() - 3600_000))));
      if ((recent?.n ?? 0) >= DRAFTS_PER_EMAIL_PER_HOUR) return false;

      const token = newToken();
      const expiresAt = new Date(now.getTime() + DRAFT_TTL_DAYS * 24 * 3600_000);
      const photo = PhotoNameSchema.safeParse(input.data.photo);
      await db.insert(drafts).values({
        tokenHash: hashToken(token),
        email,
        country: input.country,
        language: input.language,
        step: input.step,
        data: input.data,
        photo: photo.success ? photo.data : null,
        createdAt: now,
        expiresAt,
      });
      const link = `${origin}${input.basePath}/form/${input.step}?draft=${token}`;
      await deps.mailer.sendMail({ to: input.email, ...draftMail(input.language, link, expiresAt, deps.productName) });
      return true;
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
