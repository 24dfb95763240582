// A pharmacist recorded in the field confirms for themselves (issue 23 item 1-2). When the area
// manager's add-pharmacy or the rep's joined_unify visit records a pharmacist's address that was not
// asked yet, the save's transaction marks them 'awaiting' and e-mails them a personal link. Behind
// it they correct what was recorded and give the declarations themselves; their confirmation makes
// the application the review queue shows ("signed in the field by {rep}") and an approved one is
// listed in the finder like any other. One reminder after FIELD_CONFIRMATION_REMINDER_DAYS; unconfirmed
// after the configured days, their personal data is erased (field-pharmacist-erasure.ts). Each extra
// pharmacist the rep records beside the first ("Farmacista 2", issue 39 item 7) is asked, confirms and
// lapses the same way, on their own (field_extra_pharmacists, their links named by their number).
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { answersOf } from '#shared/forms/derive.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { MARKET_LANGUAGE, isLanguage, type Language } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { FIELD_CONFIRMATION_REMINDER_DAYS } from '#shared/schemas/field-confirmation.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, type Database, type Transaction } from '../../db/client.ts';
import { applications, fieldConfirmationLinks, fieldExtraPharmacists, fieldPharmacies, fieldSignupLapses, files } from '../../db/schema.ts';
import { newApplicationReference } from '../application-reference.ts';
import { insertApplication, newEditTokenWithHash } from '../applications.ts';
import { CAPTCHA_USED_CONSTRAINT, captchaUsedInsert, recordCaptchaUsed, type VerifiedCaptcha } from '../captcha.ts';
import { recordConsent } from '../consents.ts';
import { applicationReceivedMail } from '../mail/application-received.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailboxOf } from '../mailbox.ts';
import { newStatusToken } from '../my-application.ts';
import { hashToken, newToken } from '../tokens.ts';
import { mailboxHash, recordErasure } from '../erasure-ledger.ts';
import { deleteMailsTo, removeEmlFiles } from '../mail/erase.ts';
import { vacuum } from '../vacuum.ts';
import { extraPharmacistNumbers, ownAnswersOf, withExtraPharmacist } from './extra-pharmacists.ts';
import { blankExtraPharmacist, blankFieldPharmacist, extraPharmacistKey, linksOf } from './field-pharmacist-erasure.ts';
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

/** Where a pharmacist's confirmation stands: the first one's in their pharmacy's columns, an extra one's in the same columns of field_extra_pharmacists. */
type ConfirmationState = Pick<
  FieldPharmacy,
  | 'pharmacistMailbox'
  | 'pharmacistStatus'
  | 'recordedBy'
  | 'confirmationRequestedAt'
  | 'confirmationRemindedAt'
  | 'confirmedAt'
  | 'confirmationLinkBase'
  | 'confirmationLanguage'
  | 'applicationId'
>;

/** One pharmacist a field pharmacy records: its first (`number` null) or extra pharmacist `number`, and their confirmation's state. */
interface Recorded {
  row: FieldPharmacy;
  number: number | null;
  state: ConfirmationState;
}

/** Extra pharmacist `number`'s state, locked when `lock`. */
async function extraStateOf(q: Database | Transaction, pharmacyId: string, number: number, lock: boolean): Promise<ConfirmationState | null> {
  const query = q.select().from(fieldExtraPharmacists).where(extraPharmacistKey(pharmacyId, number));
  const [state] = lock ? await query.for('update') : await query;
  return state ?? null;
}

/** The pharmacist's state changed: the first one's with their pharmacy's row (its CSV record too), an extra one's in their own row. */
async function setState(tx: Transaction, pharmacist: Omit<Recorded, 'state'>, changes: Partial<ConfirmationState>): Promise<void> {
  if (pharmacist.number === null) await updateFieldPharmacy(tx, pharmacist.row.id, () => changes);
  else
    await tx
      .update(fieldExtraPharmacists)
      .set(changes as Partial<typeof fieldExtraPharmacists.$inferInsert>)
      .where(extraPharmacistKey(pharmacist.row.id, pharmacist.number));
}

/** Whether a record still holds the mailbox: an application, a pharmacy's first or extra pharmacist. */
async function mailboxHeld(tx: Transaction, mailbox: string): Promise<boolean> {
  const [application] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased')))
    .limit(1);
  const [first] = await tx.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(eq(fieldPharmacies.pharmacistMailbox, mailbox)).limit(1);
  const [extra] = await tx
    .select({ id: fieldExtraPharmacists.fieldPharmacyId })
    .from(fieldExtraPharmacists)
    .where(eq(fieldExtraPharmacists.pharmacistMailbox, mailbox))
    .limit(1);
  return Boolean(application || first || extra);
}

/**
 * The data of a field-signed pharmacist who did not confirm in time erased (the hourly upkeep; a
 * restore re-applies it from the erasure ledger): the pharmacy's first pharmacist, or its extra
 * pharmacist `number`; false when they are no longer awaited. `lapsedAt`: the lapse is recorded for
 * the programme report (decision 0070), with the erasure; a restore's replay records none.
 */
export async function eraseUnconfirmedPharmacist(db: Database, id: string, mailDir: string, number: number | null = null, lapsedAt?: Date): Promise<boolean> {
  const mails = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)).for('update');
    const state = row && (number === null ? row : await extraStateOf(tx, id, number, true));
    if (!row || state?.pharmacistStatus !== 'awaiting') return null;
    if (number === null) await blankFieldPharmacist(tx, row, true);
    else await blankExtraPharmacist(tx, id, number);
    // The field force's market, as its consents and applications record it (below).
    if (lapsedAt) await tx.insert(fieldSignupLapses).values({ at: lapsedAt, market: 'it', fieldPharmacyId: id, extraPharmacist: number });
    // The e-mails we sent them go too, unless the mailbox is someone's record still (their own application, another pharmacy).
    const mailbox = state.pharmacistMailbox;
    return !mailbox || (await mailboxHeld(tx, mailbox)) ? [] : deleteMailsTo(tx, mailbox);
  });
  if (!mails) return false;
  await removeEmlFiles(mailDir, mails);
  return true;
}

export function createPharmacistConfirmation(
  db: Database,
  deps: {
    now: () => Date;
    days: number;
    productName: string;
    supportEmail: string;
    mailDir: string;
    ledgerDir?: string | null;
    log?: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  },
) {
  const settings = { productName: deps.productName, supportEmail: deps.supportEmail };

  /** A new link for the pharmacist, and the e-mail with it (the first one, or the reminder), to their own address. */
  async function mailLink(tx: Transaction, { row, number, state }: Recorded, reminder: boolean): Promise<void> {
    const email = text(ownAnswersOf(row.answers, number).email);
    if (!state.confirmationLinkBase || !email || !state.confirmationRequestedAt) return;
    const token = newToken();
    const expiresAt = new Date(state.confirmationRequestedAt.getTime() + deps.days * DAY_MS);
    await tx
      .insert(fieldConfirmationLinks)
      .values({ tokenHash: hashToken(token), fieldPharmacyId: row.id, extraPharmacist: number, createdAt: deps.now(), expiresAt });
    const language: Language = isLanguage(state.confirmationLanguage) ? state.confirmationLanguage : 'it';
    const lang = language === MARKET_LANGUAGE.it ? '' : `&lang=${language}`;
    const link = `${state.confirmationLinkBase}${routePath('fieldConfirmation')}?token=${token}${lang}`;
    await enqueueMail(tx, pharmacistConfirmationMail({ to: email, language, pharmacyName: row.name, link, expiresAt, reminder }, settings));
  }

  /** The pharmacist a live link names, locked when `lock`; null for an unknown or expired link or a pharmacist no longer awaited. */
  async function pharmacistOfLink(q: Database | Transaction, token: string, lock: boolean): Promise<Recorded | null> {
    const query = q
      .select({ row: fieldPharmacies, number: fieldConfirmationLinks.extraPharmacist })
      .from(fieldConfirmationLinks)
      .innerJoin(fieldPharmacies, eq(fieldPharmacies.id, fieldConfirmationLinks.fieldPharmacyId))
      .where(and(eq(fieldConfirmationLinks.tokenHash, hashToken(token)), gt(fieldConfirmationLinks.expiresAt, deps.now())));
    const [found] = lock ? await query.for('update', { of: fieldPharmacies }) : await query;
    if (!found) return null;
    const state = found.number === null ? found.row : await extraStateOf(q, found.row.id, found.number, lock);
    return state?.pharmacistStatus === 'awaiting' ? { row: found.row, number: found.number, state } : null;
  }

  /** Asks the pharmacist to confirm, unless `prior` asked that mailbox already (awaiting or confirmed): a new address starts again. */
  async function ask(tx: Transaction, pharmacist: Omit<Recorded, 'state'>, prior: ConfirmationState | null, email: string, by: RecordedBy): Promise<void> {
    const mailbox = mailboxOf(email);
    if (prior?.pharmacistMailbox === mailbox && prior.pharmacistStatus !== 'erased') return;
    const state = {
      pharmacistMailbox: mailbox,
      pharmacistStatus: 'awaiting' as const,
      recordedBy: by.userId,
      confirmationRequestedAt: deps.now(),
      confirmationRemindedAt: null,
      confirmedAt: null,
      confirmationLinkBase: by.linkBase,
      confirmationLanguage: by.language,
      applicationId: null,
    };
    const { row, number } = pharmacist;
    await tx.delete(fieldConfirmationLinks).where(linksOf(row.id, number));
    if (number === null || prior) await setState(tx, pharmacist, state);
    else await tx.insert(fieldExtraPharmacists).values({ fieldPharmacyId: row.id, number, ...state });
    if (!by.linkBase)
      deps.log?.warn({ pharmacyId: row.id }, 'pharmacist confirmation not mailed: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
    await mailLink(tx, { row, number, state }, false);
  }

  /** The application the confirmation makes (or the pharmacist's own, when they applied already): its id and reference. */
  async function applicationFor(tx: Transaction, { row, state }: Recorded, answers: Record<string, unknown>, language: Language, now: Date) {
    const email = text(answers.email);
    const [own] = await tx
      .select({ id: applications.id, reference: applications.reference })
      .from(applications)
      .where(and(eq(applications.mailbox, mailboxOf(email)), ne(applications.status, 'erased')));
    if (own) return own;
    if (!row.placeId || row.lat === null || row.lng === null) return null;
    const reference = newApplicationReference();
    // The status link of the "received" e-mail (issue 25), under the market the pharmacist's own link started from.
    const status = newStatusToken();
    const statusLink = state.confirmationLinkBase
      ? `${state.confirmationLinkBase}${routePath('myApplication', { token: status.token })}${language === MARKET_LANGUAGE.it ? '' : `?lang=${language}`}`
      : null;
    const registrationBody = text(answers.bodyOfRegistration) || REGISTRATION_BODY_IT;
    const given = {
      ...answersOf(FORMS['apply-it'], { ...answers, whereYouWork: row.name, address: row.fullAddress, placeId: row.placeId, lat: row.lat, lng: row.lng }),
    };
    const created = await insertApplication(tx, {
      pharmacy: { placeId: row.placeId, name: row.name, address: row.fullAddress, lat: row.lat, lng: row.lng, services: text(answers.services) },
      application: {
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
        // Whoever recorded the pharmacist signed them in the field, not the rep the pharmacy is assigned to.
        signedInFieldBy: row.recordedBy ?? row.salesRepId,
        updatedAt: now,
        submittedAt: now,
      },
    });
    if (answers.photo)
      await tx
        .update(files)
        .set({ applicationId: created.id, linkedAt: now })
        .where(and(eq(files.storageName, text(answers.photo)), eq(files.kind, 'photo')));
    await enqueueMail(
      tx,
      applicationReceivedMail({ to: email, language, firstName: text(answers.firstName), lastName: text(answers.lastName), reference, statusLink }, settings),
    );
    return created;
  }

  return {
    /**
     * In the transaction of a field-force save: asks each pharmacist the row now names (the first and
     * the extra ones, each at their own address), unless that mailbox was asked already (awaiting or
     * confirmed). A new address starts again; an extra pharmacist the rep removed is no longer asked.
     */
    async askIfNew(tx: Transaction, pharmacyId: string, by: RecordedBy): Promise<void> {
      const [row] = await tx.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, pharmacyId)).for('update');
      if (!row) return;
      const email = text(row.answers.email).trim();
      if (email) await ask(tx, { row, number: null }, row, email, by);
      const asked = await tx.select().from(fieldExtraPharmacists).where(eq(fieldExtraPharmacists.fieldPharmacyId, row.id)).for('update');
      const numbers = extraPharmacistNumbers(row.answers);
      const removed = asked.filter((extra) => !numbers.includes(extra.number)).map((extra) => extra.number);
      if (removed.length) {
        await tx.delete(fieldExtraPharmacists).where(and(eq(fieldExtraPharmacists.fieldPharmacyId, row.id), inArray(fieldExtraPharmacists.number, removed)));
        await tx
          .delete(fieldConfirmationLinks)
          .where(and(eq(fieldConfirmationLinks.fieldPharmacyId, row.id), inArray(fieldConfirmationLinks.extraPharmacist, removed)));
      }
      for (const number of numbers) {
        const extraEmail = text(row.answers[`email${number}`]).trim();
        if (extraEmail) await ask(tx, { row, number }, asked.find((extra) => extra.number === number) ?? null, extraEmail, by);
      }
    },

    /** What was recorded about the pharmacist, for their page; null when the link does not work (any more). */
    async view(token: string): Promise<Record<string, unknown> | null> {
      const pharmacist = await pharmacistOfLink(db, token, false);
      if (!pharmacist) return null;
      const { row, number } = pharmacist;
      // An extra pharmacist is shown the pharmacy's services (recorded with the first) to confirm for their own listing.
      const recorded: Record<string, unknown> = { ...(number === null ? {} : { services: row.answers.services }), ...ownAnswersOf(row.answers, number) };
      const answers = Object.fromEntries(CORRECTABLE.filter((name) => recorded[name] !== undefined).map((name) => [name, recorded[name]]));
      return { ...answers, whereYouWork: row.name, address: row.fullAddress };
    },

    /** The pharmacist's corrections and declarations: the row confirmed, the consent on record, the application made; the solution spent whatever the answer. */
    async confirm(token: string, payload: Record<string, unknown>, captcha: VerifiedCaptcha): Promise<ConfirmResult> {
      try {
        return await db.transaction(async (tx): Promise<ConfirmResult> => {
          await tx.execute(captchaUsedInsert(captcha));
          const pharmacist = await pharmacistOfLink(tx, token, true);
          if (!pharmacist) throw new Refusal('notFound');
          const { row, number } = pharmacist;
          const now = deps.now();
          const corrected = Object.fromEntries(CORRECTABLE.map((name) => [name, payload[name] ?? '']));
          const answers = { ...ownAnswersOf(row.answers, number), ...corrected };
          const language: Language = isLanguage(pharmacist.state.confirmationLanguage) ? pharmacist.state.confirmationLanguage : 'it';
          const application = await applicationFor(tx, pharmacist, answers, language, now).catch((error: unknown) => {
            const dbError = databaseErrorOf(error);
            if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === 'applications_registration_unique') throw new Refusal('registrationNumber');
            throw error;
          });
          const confirmed = { pharmacistStatus: 'confirmed' as const, confirmedAt: now, applicationId: application?.id ?? null };
          if (number === null) await updateFieldPharmacy(tx, row.id, (current) => ({ answers: { ...current.answers, ...corrected }, ...confirmed }));
          else {
            // Their corrections of what the rep recorded; the rest of their answers (photo, training) are their application's.
            await updateFieldPharmacy(tx, row.id, (current) => ({ answers: withExtraPharmacist(current.answers, number, answers) }));
            await setState(tx, pharmacist, confirmed);
          }
          await tx.delete(fieldConfirmationLinks).where(linksOf(row.id, number));
          // An extra pharmacist's consent is on their application only: the pharmacy's records are the first pharmacist's, whose export lists them.
          const consentOf = number === null ? { fieldPharmacyId: row.id } : {};
          await recordConsent(tx, {
            applicationId: application?.id,
            ...consentOf,
            givenBy: 'pharmacist',
            answers: payload,
            boxes: DECLARATIONS,
            country: 'it',
            language,
            at: now,
          });
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
      const remindBefore = new Date(now - FIELD_CONFIRMATION_REMINDER_DAYS * DAY_MS);
      const lapseBefore = new Date(now - deps.days * DAY_MS);
      const due = [
        ...(
          await db
            .select({ id: fieldPharmacies.id })
            .from(fieldPharmacies)
            .where(
              and(
                eq(fieldPharmacies.pharmacistStatus, 'awaiting'),
                isNull(fieldPharmacies.confirmationRemindedAt),
                lt(fieldPharmacies.confirmationRequestedAt, remindBefore),
                gt(fieldPharmacies.confirmationRequestedAt, lapseBefore),
              ),
            )
        ).map(({ id }) => ({ id, number: null })),
        ...(await db
          .select({ id: fieldExtraPharmacists.fieldPharmacyId, number: fieldExtraPharmacists.number })
          .from(fieldExtraPharmacists)
          .where(
            and(
              eq(fieldExtraPharmacists.pharmacistStatus, 'awaiting'),
              isNull(fieldExtraPharmacists.confirmationRemindedAt),
              lt(fieldExtraPharmacists.confirmationRequestedAt, remindBefore),
              gt(fieldExtraPharmacists.confirmationRequestedAt, lapseBefore),
            ),
          )),
      ];
      for (const { id, number } of due) {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)).for('update');
          const state = row && (number === null ? row : await extraStateOf(tx, id, number, true));
          if (!row || !state || state.pharmacistStatus !== 'awaiting' || state.confirmationRemindedAt) return;
          await setState(tx, { row, number }, { confirmationRemindedAt: deps.now() });
          await mailLink(tx, { row, number, state }, true);
        });
      }
      const lapsed = [
        ...(
          await db
            .select({ id: fieldPharmacies.id })
            .from(fieldPharmacies)
            .where(and(eq(fieldPharmacies.pharmacistStatus, 'awaiting'), lt(fieldPharmacies.confirmationRequestedAt, lapseBefore)))
        ).map(({ id }) => ({ id, number: null, mailbox: null })),
        ...(await db
          .select({ id: fieldExtraPharmacists.fieldPharmacyId, number: fieldExtraPharmacists.number, mailbox: fieldExtraPharmacists.pharmacistMailbox })
          .from(fieldExtraPharmacists)
          .where(and(eq(fieldExtraPharmacists.pharmacistStatus, 'awaiting'), lt(fieldExtraPharmacists.confirmationRequestedAt, lapseBefore)))),
      ];
      for (const { id, number, mailbox } of lapsed) {
        if (await eraseUnconfirmedPharmacist(db, id, deps.mailDir, number, deps.now())) {
          // An extra pharmacist's line names their mailbox (hashed), so that a restore erases them and not the pharmacy's first pharmacist (erasure-ledger.ts).
          const mailboxes = number === null ? [] : [mailboxHash(mailbox ?? '')];
          recordErasure(deps.ledgerDir, { at: deps.now(), kind: 'unconfirmed-field-pharmacist', mailboxes, applications: [], fieldPharmacies: [id] }, deps.log);
        }
      }
      if (lapsed.length) await vacuum(db, ['field_pharmacies', 'field_extra_pharmacists', 'call_entries', 'mail_outbox', 'files', 'file_contents'], deps.log);
      await db.delete(fieldConfirmationLinks).where(lt(fieldConfirmationLinks.expiresAt, deps.now()));
      return { reminded: due.length, lapsed: lapsed.length };
    },
  };
}

export type PharmacistConfirmation = ReturnType<typeof createPharmacistConfirmation>;
