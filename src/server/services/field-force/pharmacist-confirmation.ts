// A pharmacist recorded in the field confirms for themselves (issue 23 item 1-2). When the area
// manager's add-pharmacy or the rep's joined_unify visit records a pharmacist's address that was not
// asked yet, the save's transaction marks them 'awaiting' and e-mails them a personal link. Behind
// it they correct what was recorded and give the declarations themselves; their confirmation makes
// the application the review queue shows ("signed in the field by {rep}") and an approved one is
// listed in the finder like any other. One reminder after FIELD_CONFIRMATION_REMINDER_DAYS; unconfirmed
// after the configured days, their personal data is erased (field-pharmacist-erasure.ts).
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { answersOf } from '#shared/forms/derive.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { DEFAULT_REGISTRATION_BODY } from '#shared/reference/options.ts';
import { MARKET_LANGUAGE, isLanguage, type Language } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { FIELD_CONFIRMATION_REMINDER_DAYS } from '#shared/schemas/field-confirmation.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, type Database, type Transaction } from '../../db/client.ts';
import { applications, fieldConfirmationLinks, fieldPharmacies, files, pharmacies } from '../../db/schema.ts';
import { newApplicationReference } from '../application-reference.ts';
import { newEditTokenWithHash } from '../applications.ts';
import { CAPTCHA_USED_CONSTRAINT, captchaUsedInsert, recordCaptchaUsed, type VerifiedCaptcha } from '../captcha.ts';
import { recordConsent } from '../consents.ts';
import { applicationReceivedMail } from '../mail/application-received.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailboxOf } from '../mailbox.ts';
import { newStatusToken } from '../my-application.ts';
import { hashToken, newToken } from '../tokens.ts';
import { recordErasure } from '../erasure-ledger.ts';
import { deleteMailsTo, removeEmlFiles } from '../mail/erase.ts';
import { vacuum } from '../vacuum.ts';
import { blankFieldPharmacist } from './field-pharmacist-erasure.ts';
import { updateFieldPharmacy } from './export-lines.ts';
import { pharmacistConfirmationMail } from './pharmacist-confirmation-mail.ts';
import type { FieldPharmacy } from './pharmacy-row.ts';

const DAY_MS = 86_400_000;

/** Who recorded the pharmacist, in which language, and where their link starts (null: no public origin, no mail). */
export interface RecordedBy {
  userId: string;
  language: Language;
  linkBase: string | null;
}

export type ConfirmResult = { ok: true; id: string; reference: string | null } | { ok: false; reason: 'notFound' | 'captcha' | 'registrationNumber' };

/** The answers the pharmacist may correct: the 'field-pharmacist' section's fields. */
const CORRECTABLE = Object.keys(sectionOf('field-pharmacist').fields);
const DECLARATIONS = sectionOf('confirmations-3').boxes ?? [];

class Refusal extends Error {
  readonly reason: 'notFound' | 'registrationNumber';
  constructor(reason: 'notFound' | 'registrationNumber') {
    super(reason);
    this.reason = reason;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The data of a field-signed pharmacist who did not confirm in time erased (the hourly upkeep; a
 * restore re-applies it from the erasure ledger); false when the row no longer awaits them.
 */
export async function eraseUnconfirmedPharmacist(db: Database, id: string, mailDir: string): Promise<boolean> {
  const mails = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(fieldPharmacies).where(and(eq(fieldPharmacies.id, id), eq(fieldPharmacies.pharmacistStatus, 'awaiting'))).for('update');
    if (!row) return null;
    await blankFieldPharmacist(tx, row, true);
    // The e-mails we sent them go too, unless the mailbox is someone's record still (their own application, another pharmacy).
    const mailbox = row.pharmacistMailbox ?? '';
    const [application] = await tx.select({ id: applications.id }).from(applications).where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased')));
    const [other] = await tx.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(and(eq(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.id, id)));
    return application || other || !mailbox ? [] : deleteMailsTo(tx, mailbox);
  });
  if (!mails) return false;
  await removeEmlFiles(mailDir, mails);
  return true;
}

export function createPharmacistConfirmation(
  db: Database,
  deps: { now: () => Date; days: number; productName: string; supportEmail: string; mailDir: string; ledgerDir?: string | null; log?: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'> },
) {
  const settings = { productName: deps.productName, supportEmail: deps.supportEmail };

  /** A new link for the row, and the e-mail with it (the first one, or the reminder). */
  async function mailLink(tx: Transaction, row: FieldPharmacy, reminder: boolean): Promise<void> {
    const email = text(row.answers.email);
    if (!row.confirmationLinkBase || !email || !row.confirmationRequestedAt) return;
    const token = newToken();
    const expiresAt = new Date(row.confirmationRequestedAt.getTime() + deps.days * DAY_MS);
    await tx.insert(fieldConfirmationLinks).values({ tokenHash: hashToken(token), fieldPharmacyId: row.id, createdAt: deps.now(), expiresAt });
    const language: Language = isLanguage(row.confirmationLanguage) ? row.confirmationLanguage : 'it';
    const lang = language === MARKET_LANGUAGE.it ? '' : `&lang=${language}`;
    const link = `${row.confirmationLinkBase}${routePath('fieldConfirmation')}?token=${token}${lang}`;
    await enqueueMail(tx, pharmacistConfirmationMail({ to: email, language, pharmacyName: row.name, link, expiresAt, reminder }, settings));
  }

  /** The row a live link names, locked when `lock`; null for an unknown or expired link or a pharmacist no longer awaited. */
  async function rowOfLink(q: Database | Transaction, token: string, lock: boolean): Promise<FieldPharmacy | null> {
    const query = q
      .select({ row: fieldPharmacies })
      .from(fieldConfirmationLinks)
      .innerJoin(fieldPharmacies, eq(fieldPharmacies.id, fieldConfirmationLinks.fieldPharmacyId))
      .where(and(eq(fieldConfirmationLinks.tokenHash, hashToken(token)), gt(fieldConfirmationLinks.expiresAt, deps.now())));
    const [found] = lock ? await query.for('update', { of: fieldPharmacies }) : await query;
    return found && found.row.pharmacistStatus === 'awaiting' ? found.row : null;
  }

  /** The application the confirmation makes (or the pharmacist's own, when they applied already): its id and reference. */
  async function applicationFor(tx: Transaction, row: FieldPharmacy, answers: Record<string, unknown>, language: Language, now: Date) {
    const email = text(answers.email);
    const [own] = await tx
      .select({ id: applications.id, reference: applications.reference })
      .from(applications)
      .where(and(eq(applications.mailbox, mailboxOf(email)), ne(applications.status, 'erased')));
    if (own) return own;
    if (!row.placeId || row.lat === null || row.lng === null) return null;
    await tx
      .insert(pharmacies)
      .values({ placeId: row.placeId, name: row.name, address: row.fullAddress, lat: row.lat, lng: row.lng, services: text(answers.services) })
      .onConflictDoNothing({ target: pharmacies.placeId });
    const reference = newApplicationReference();
    // The status link of the "received" e-mail (issue 25), under the market the pharmacist's own link started from.
    const status = newStatusToken();
    const statusLink = row.confirmationLinkBase ? `${row.confirmationLinkBase}${routePath('myApplication', { token: status.token })}${language === MARKET_LANGUAGE.it ? '' : `?lang=${language}`}` : null;
    const registrationBody = text(answers.bodyOfRegistration) || DEFAULT_REGISTRATION_BODY.it;
    const given = { ...answersOf(FORMS['apply-it'], { ...answers, whereYouWork: row.name, address: row.fullAddress, placeId: row.placeId, lat: row.lat, lng: row.lng }) };
    const [created] = await tx
      .insert(applications)
      .values({
        // An edit link nobody holds yet: asked for, a fresh one is mailed (docs/decisions/0042).
        editTokenHash: newEditTokenWithHash().hash,
        country: 'it',
        language,
        email,
        emailNormalized: email.trim().toLowerCase(),
        mailbox: mailboxOf(email),
        firstName: text(answers.firstName),
        lastName: text(answers.lastName),
        registrationBody,
        registrationNumber: text(answers.professionalRegistrationNumber),
        placeId: row.placeId,
        photo: text(answers.photo) || null,
        answers: { ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined && v !== '')), appStoreCountry: 'it', formLanguage: language },
        reference,
        statusTokenHash: status.hash,
        signedInFieldBy: row.salesRepId ?? row.recordedBy,
        updatedAt: now,
        submittedAt: now,
      })
      .returning({ id: applications.id, reference: applications.reference });
    if (answers.photo) await tx.update(files).set({ applicationId: created!.id, linkedAt: now }).where(and(eq(files.storageName, text(answers.photo)), eq(files.kind, 'photo')));
    await enqueueMail(tx, applicationReceivedMail({ to: email, language, firstName: text(answers.firstName), lastName: text(answers.lastName), reference, statusLink }, settings));
    return created!;
  }

  return {
    /**
     * In the transaction of a field-force save: asks the pharmacist the row now names, unless that
     * mailbox was asked already (awaiting or confirmed). A new address starts again.
     */
    async askIfNew(tx: Transaction, pharmacyId: string, by: RecordedBy): Promise<void> {
      const [row] = await tx.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, pharmacyId)).for('update');
      const email = text(row?.answers.email).trim();
      if (!row || !email) return;
      const mailbox = mailboxOf(email);
      if (row.pharmacistMailbox === mailbox && row.pharmacistStatus !== 'erased') return;
      const now = deps.now();
      const asked = {
        pharmacistMailbox: mailbox,
        pharmacistStatus: 'awaiting' as const,
        recordedBy: by.userId,
        confirmationRequestedAt: now,
        confirmationRemindedAt: null,
        confirmedAt: null,
        confirmationLinkBase: by.linkBase,
        confirmationLanguage: by.language,
        applicationId: null,
      };
      await tx.delete(fieldConfirmationLinks).where(eq(fieldConfirmationLinks.fieldPharmacyId, row.id));
      await updateFieldPharmacy(tx, row.id, () => asked);
      if (!by.linkBase) deps.log?.warn({ pharmacyId: row.id }, 'pharmacist confirmation not mailed: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
      await mailLink(tx, { ...row, ...asked }, false);
    },

    /** What was recorded about the pharmacist, for their page; null when the link does not work (any more). */
    async view(token: string): Promise<Record<string, unknown> | null> {
      const row = await rowOfLink(db, token, false);
      if (!row) return null;
      const answers = Object.fromEntries(CORRECTABLE.filter((name) => row.answers[name] !== undefined).map((name) => [name, row.answers[name]]));
      return { ...answers, whereYouWork: row.name, address: row.fullAddress };
    },

    /** The pharmacist's corrections and declarations: the row confirmed, the consent on record, the application made; the solution spent whatever the answer. */
    async confirm(token: string, payload: Record<string, unknown>, captcha: VerifiedCaptcha): Promise<ConfirmResult> {
      try {
        return await db.transaction(async (tx): Promise<ConfirmResult> => {
          await tx.execute(captchaUsedInsert(captcha));
          const row = await rowOfLink(tx, token, true);
          if (!row) throw new Refusal('notFound');
          const now = deps.now();
          const corrected = Object.fromEntries(CORRECTABLE.map((name) => [name, payload[name] ?? '']));
          const answers = { ...row.answers, ...corrected };
          const language: Language = isLanguage(row.confirmationLanguage) ? row.confirmationLanguage : 'it';
          const application = await applicationFor(tx, row, answers, language, now).catch((error: unknown) => {
            const dbError = databaseErrorOf(error);
            if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === 'applications_registration_unique') throw new Refusal('registrationNumber');
            throw error;
          });
          await updateFieldPharmacy(tx, row.id, () => ({ answers, pharmacistStatus: 'confirmed', confirmedAt: now, applicationId: application?.id ?? null }));
          await tx.delete(fieldConfirmationLinks).where(eq(fieldConfirmationLinks.fieldPharmacyId, row.id));
          await recordConsent(tx, { applicationId: application?.id, fieldPharmacyId: row.id, givenBy: 'pharmacist', answers: payload, boxes: DECLARATIONS, country: 'it', language, at: now });
          return { ok: true, id: application?.id ?? row.id, reference: application?.reference ?? null };
        });
      } catch (error) {
        const dbError = databaseErrorOf(error);
        if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === CAPTCHA_USED_CONSTRAINT) return { ok: false, reason: 'captcha' };
        // Refused or failed, and rolled back with the solution's record: the solution is used up all
        // the same (as the application save's, applications.ts), so that one solution cannot probe
        // link after link or registration number after registration number.
        if (!(error instanceof Refusal)) {
          await recordCaptchaUsed(db, captcha).catch(() => undefined);
          throw error;
        }
        // Recorded alone; false when another request used it meanwhile.
        if (!(await recordCaptchaUsed(db, captcha))) return { ok: false, reason: 'captcha' };
        return { ok: false, reason: error.reason };
      }
    },

    /** The hourly upkeep: one reminder to those asked FIELD_CONFIRMATION_REMINDER_DAYS ago; the data of those unconfirmed after `days` erased. */
    async remindAndLapse(): Promise<{ reminded: number; lapsed: number }> {
      const now = deps.now().getTime();
      const due = await db
        .select({ id: fieldPharmacies.id })
        .from(fieldPharmacies)
        .where(
          and(
            eq(fieldPharmacies.pharmacistStatus, 'awaiting'),
            isNull(fieldPharmacies.confirmationRemindedAt),
            lt(fieldPharmacies.confirmationRequestedAt, new Date(now - FIELD_CONFIRMATION_REMINDER_DAYS * DAY_MS)),
            gt(fieldPharmacies.confirmationRequestedAt, new Date(now - deps.days * DAY_MS)),
          ),
        );
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(fieldPharmacies).where(and(eq(fieldPharmacies.id, id), eq(fieldPharmacies.pharmacistStatus, 'awaiting'), isNull(fieldPharmacies.confirmationRemindedAt))).for('update');
          if (!row) return;
          await updateFieldPharmacy(tx, id, () => ({ confirmationRemindedAt: deps.now() }));
          await mailLink(tx, row, true);
        });
      }
      const lapsed = await db
        .select({ id: fieldPharmacies.id })
        .from(fieldPharmacies)
        .where(and(eq(fieldPharmacies.pharmacistStatus, 'awaiting'), lt(fieldPharmacies.confirmationRequestedAt, new Date(now - deps.days * DAY_MS))));
      for (const { id } of lapsed) {
        if (await eraseUnconfirmedPharmacist(db, id, deps.mailDir)) {
          recordErasure(deps.ledgerDir, { at: deps.now(), kind: 'unconfirmed-field-pharmacist', mailboxes: [], applications: [], fieldPharmacies: [id] }, deps.log);
        }
      }
      if (lapsed.length) await vacuum(db, ['field_pharmacies', 'mail_outbox', 'files', 'file_contents'], deps.log);
      await db.delete(fieldConfirmationLinks).where(lt(fieldConfirmationLinks.expiresAt, deps.now()));
      return { reminded: due.length, lapsed: lapsed.length };
    },
  };
}

export type PharmacistConfirmation = ReturnType<typeof createPharmacistConfirmation>;
