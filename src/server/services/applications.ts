// Storing pharmacists' applications: a new one without files in one statement, any other save in
// one transaction; uniqueness enforced by the database's unique indexes so that concurrent
// submissions cannot both win.
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, getTableName, gt, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { EDIT_TOKEN_BYTES } from '#shared/limits.ts';
import { type Country, type Language } from '#shared/markets.ts';
import { defaultRegistrationBodyOf } from '#shared/reference/registration-bodies.ts';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { answersOf } from '#shared/forms/derive.ts';
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, rowsOf, type Database, type Queryable } from '../db/client.ts';
import { applications, files, pharmacies, reviewAudit } from '../db/schema.ts';
import { newApplicationReference } from './application-reference.ts';
import { CAPTCHA_USED_CONSTRAINT, captchaUsedInsert, recordCaptchaUsed, type VerifiedCaptcha } from './captcha.ts';
import type { CertificateToStore } from './files/certificates.ts';
import { applicantConsentInsert, recordConsent } from './consents.ts';
import { insertFile } from './files/file-store.ts';
import { applicationReceivedMail, type ReceivedMailSettings } from './mail/application-received.ts';
import { enqueueMail, mailInsert, wakeSenders, type MailMessage } from './mail/outbox.ts';
import { mailboxOf } from './mailbox.ts';
import { newStatusToken } from './my-application.ts';
import { hashToken } from './tokens.ts';

/** The validated payload fields the store needs by name; every other field is kept in `answers`. */
export interface ApplicationInput {
  email: string;
  firstName: string;
  lastName: string;
  professionalRegistrationNumber: string;
  bodyOfRegistration?: string;
  placeId: string;
  lat: number;
  lng: number;
  address: string;
  whereYouWork: string;
  services?: string;
  photo?: string;
  photoId?: string;
  appStoreCountry: Country;
  formLanguage: Language;
  loginToken?: string;
  recaptchaToken?: string;
  [field: string]: unknown;
}

export type SaveResult =
  /** reference: null only for an application from before references were given out. */
  /** editToken: the fresh edit token the save stored the hash of (never read back: it is mailed when a link is asked for). */
  | { ok: true; id: string; editToken: string; created: boolean; reference: string | null }
  | { ok: false; conflict: 'email' | 'registrationNumber' }
  | { ok: false; captcha: 'reused' }
  | { ok: false; invalid: 'loginToken' | 'photo'; code?: string };

const newEditToken = () => randomBytes(EDIT_TOKEN_BYTES).toString('base64url');

/** A fresh edit token and the hash the application keeps (the token itself is never stored: docs/decisions/0042). */
export function newEditTokenWithHash(): { token: string; hash: string } {
  const token = newEditToken();
  return { token, hash: hashToken(token) };
}

class Refused extends Error {
  readonly field: 'loginToken' | 'photo';
  readonly code: string | undefined;
  constructor(field: 'loginToken' | 'photo', code?: string) {
    super(field);
    this.field = field;
    this.code = code;
  }
}

export interface SaveExtras {
  /** The photo types the form allows (its catalogue entry's files.photoTypes); any image when absent. */
  photoTypes?: readonly string[];
  /** A checked certificate: stored (row and bytes) in the save's transaction, replacing the application's earlier one. */
  certificate?: CertificateToStore;
  /**
   * A verified bot-check solution: recorded as used in the save's own transaction. A solution is
   * used up even when the save is refused (409, bad edit link or photo): the refusal rolls the
   * transaction back and the solution is then recorded alone.
   */
  captcha?: VerifiedCaptcha;
  /**
   * The applicant's status link (/my-application/{token}) for the 'received' e-mail of a new
   * application, built by the route that knows the origin; null (or absent): the e-mail goes without it.
   */
  statusLinkFor?: StatusLinkFor;
}

/** The status link of a market, language and token. */
export type StatusLinkFor = (country: Country, language: Language, token: string) => string | null;

/** A table's name and, per column key, its quoted name, the cast to its SQL type and the column (its value encoder). */
interface InsertShape {
  table: string;
  columns: Record<string, { column: Column; name: string; cast: string }>;
}
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const shapes = new WeakMap<PgTable, InsertShape>();
function shapeOf(table: PgTable): InsertShape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      { column, name: quoted(column.name), cast: `::${column.getSQLType()}` },
    ]);
    shape = { table: quoted(getTableName(table)), columns: Object.fromEntries(columns) };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * `insert into <table> (<the row's columns>) select <its values>`, each value cast to its column's
 * type: names, types and value encoders are read from the Drizzle table, so a new column is an
 * edit of the table and of the row that fills it, never of this SQL. A select (not `values`), so
 * that the one-statement save can add a `from` tying the row to its CTE's other statements. Built
 * as one flat template (one string per value): nested `sql` fragments cost ten times as much per
 * save (bench/README.md "Where the registration time goes").
 */
function insertSelect<T extends PgTable>(table: T, row: T['$inferInsert']): SQL {
  const shape = shapeOf(table);
  const given = Object.entries(row).filter(([, value]) => value !== undefined);
  const strings = [`insert into ${shape.table} (${given.map(([key]) => shape.columns[key]!.name).join(', ')}) select `];
  const values = given.map(([key, value], i) => {
    const { column, cast } = shape.columns[key]!;
    strings.push(i < given.length - 1 ? `${cast}, ` : cast);
    return value === null ? null : column.mapToDriverValue(value);
  });
  return sql(Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, ...values);
}

/** The pharmacy at the application's place, unless one is there already. */
const pharmacyInsert = (pharmacy: PharmacyColumns) =>
  sql`${insertSelect(pharmacies, pharmacy)} on conflict (${sql.identifier(pharmacies.placeId.name)}) do nothing`;

/**
 * A new application and the pharmacy at its place, in a transaction (an edit, a save with files, a
 * field-force confirmation): through the same `insertSelect` as the one-statement save.
 */
export async function insertApplication(
  tx: Queryable,
  row: { application: NewApplicationRow; pharmacy: PharmacyColumns },
): Promise<{ id: string; reference: string | null }> {
  await tx.execute(pharmacyInsert(row.pharmacy));
  const inserted = await tx.execute(sql`${insertSelect(applications, row.application)} returning id, reference`);
  return rowsOf<{ id: string; reference: string | null }>(inserted)[0]!;
}

/**
 * A new application without photo or certificate (the registration campaign's common case) in one
 * statement, so one round trip and one commit: the used solution, the pharmacy (unless known), the
 * application, its 'received' e-mail in the outbox (with the NOTIFY that wakes the senders) and
 * the applicant's consent record. The application row is selected from the captcha insert, so the
 * captcha's unique check runs first: a reused solution is reported as such even when the e-mail is
 * taken too. A statement is atomic: when any part fails, nothing is stored. The pharmacy and the
 * application are written by the same `insertSelect` as in the transaction's path.
 */
async function insertNewApplication(
  db: Queryable,
  row: { application: NewApplicationRow; pharmacy: PharmacyColumns },
  extras: { captcha: VerifiedCaptcha | undefined; mail: MailMessage; consent: SQL | null },
): Promise<string> {
  const used = extras.captcha ? sql`with used as (${captchaUsedInsert(extras.captcha)} returning 1 as one), ` : sql`with used as (select 1 as one), `;
  const result = await db.execute(sql`${used}
    place as (${pharmacyInsert(row.pharmacy)} returning 1 as one),
    created as (${insertSelect(applications, row.application)} from used left join (select count(*) from place) as placed on true returning id),
    mail as (${mailInsert(extras.mail)})${extras.consent ? sql`, consent as (${extras.consent})` : sql``}
    select id, ${wakeSenders} from created`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

type PharmacyColumns = typeof pharmacies.$inferInsert;
/** A new application's row, typed by the table. */
type NewApplicationRow = typeof applications.$inferInsert;
/** What a save writes on a new application and on a resubmission (a new one adds its reference and status link). */
type NewApplicationColumns = Omit<NewApplicationRow, 'reference' | 'statusTokenHash' | 'updatedAt'> & { updatedAt: Date };

/** The declarations an applicant may tick on a (re)submission, recorded with the documents' versions (issue 23 item 3). */
const APPLICANT_BOXES = [...AGREEMENT_FIELDS, 'isChecked', 'willUpateGoogleMapsEntry'];
const applicantConsent = (input: ApplicationInput, at: Date) => ({
  answers: input,
  boxes: APPLICANT_BOXES,
  country: input.appStoreCountry,
  language: input.formLanguage,
  at,
});
const recordApplicantConsent = (tx: Queryable, applicationId: string, input: ApplicationInput, at: Date) =>
  recordConsent(tx, { applicationId, givenBy: 'applicant', ...applicantConsent(input, at) });

/** A repeated reference (31^6 of them) is drawn again; this many draws in a row would mean a fault. */
const REFERENCE_DRAWS = 5;
const REFERENCE_CONSTRAINT = 'applications_reference_unique';

export function createApplicationStore(db: Database, mail: ReceivedMailSettings, now: () => Date = () => new Date()) {
  /** The application an edit link names, while the link works (an expired link is an unknown one). */
  const byLiveEditToken = (token: string) =>
    and(eq(applications.editTokenHash, hashToken(token)), or(isNull(applications.editTokenExpiresAt), gt(applications.editTokenExpiresAt, now())));
  /** The 'application received' e-mail, with the status link, queued with the new application. */
  const receivedMail = (columns: NewApplicationColumns, reference: string, statusLink: string | null) =>
    applicationReceivedMail(
      { to: columns.email, language: columns.language as Language, firstName: columns.firstName, lastName: columns.lastName, reference, statusLink },
      mail,
    );

  const store = {
    async save(input: ApplicationInput, extras: SaveExtras = {}): Promise<SaveResult> {
      for (let draw = 1; ; draw++) {
        const result = await store.saveOnce(input, extras, newApplicationReference());
        if (!('referenceTaken' in result)) return result;
        if (draw >= REFERENCE_DRAWS) throw new Error('no free application reference');
      }
    },

    /** One try of `save` with one new reference; `referenceTaken`: try again with another. */
    async saveOnce(input: ApplicationInput, extras: SaveExtras, newReference: string): Promise<SaveResult | { referenceTaken: true }> {
      // The answers, with the market and language they were given in (which form they answer: the edit link and the review detail read them).
      const given = Object.entries(answersOf(applicationFormFor(input.appStoreCountry, input.formLanguage), input)).filter(([, v]) => v !== undefined);
      const answers = { ...Object.fromEntries(given), appStoreCountry: input.appStoreCountry, formLanguage: input.formLanguage };
      const registrationBody = input.bodyOfRegistration || defaultRegistrationBodyOf(input.appStoreCountry);
      const { token: editToken, hash: editTokenHash } = newEditTokenWithHash();
      // The status link of a new application (a resubmission keeps its first one).
      const status = newStatusToken();
      const statusLink = extras.statusLinkFor?.(input.appStoreCountry, input.formLanguage, status.token) ?? null;
      const pharmacy: PharmacyColumns = {
        placeId: input.placeId,
        name: input.whereYouWork,
        address: input.address,
        lat: input.lat,
        lng: input.lng,
        services: input.services ?? '',
      };
      const columns: NewApplicationColumns = {
        editTokenHash,
        country: input.appStoreCountry,
        language: input.formLanguage,
        status: 'submitted',
        email: input.email,
        emailNormalized: input.email.trim().toLowerCase(),
        mailbox: mailboxOf(input.email),
        firstName: input.firstName,
        lastName: input.lastName,
        registrationBody,
        registrationNumber: input.professionalRegistrationNumber,
        placeId: input.placeId,
        photo: input.photo ?? null,
        answers,
        updatedAt: now(),
      };
      try {
        if (!input.loginToken && !input.photo && !extras.certificate) {
          const id = await insertNewApplication(
            db,
            { application: { ...columns, reference: newReference, statusTokenHash: status.hash }, pharmacy },
            {
              captcha: extras.captcha,
              mail: receivedMail(columns, newReference, statusLink),
              consent: applicantConsentInsert(applicantConsent(input, columns.updatedAt), sql`(select id from created)`),
            },
          );
          return { ok: true as const, id, editToken, created: true, reference: newReference };
        }
        return await db.transaction(async (tx) => {
          if (extras.captcha) await tx.execute(captchaUsedInsert(extras.captcha));
          let existingId: string | null = null;
          let previousStatus: string | null = null;
          let reference: string | null = newReference;
          if (input.loginToken) {
            const [existing] = await tx
              .select({ id: applications.id, status: applications.status, reference: applications.reference })
              .from(applications)
              .where(byLiveEditToken(input.loginToken))
              .for('update');
            if (!existing) throw new Refused('loginToken');
            existingId = existing.id;
            previousStatus = existing.status;
            reference = existing.reference;
          }

          let id: string;
          if (existingId) {
            await tx.execute(pharmacyInsert(pharmacy));
            // A resubmission goes back to the review queue as submitted, its age counted afresh.
            await tx
              .update(applications)
              .set({ ...columns, submittedAt: columns.updatedAt })
              .where(eq(applications.id, existingId));
            await tx
              .insert(reviewAudit)
              .values({ at: columns.updatedAt, applicationId: existingId, action: 'resubmit', fromStatus: previousStatus, toStatus: 'submitted' });
            id = existingId;
          } else {
            id = (await insertApplication(tx, { application: { ...columns, reference: newReference, statusTokenHash: status.hash }, pharmacy })).id;
          }

          if (input.photo) {
            const [photo] = await tx
              .select({ id: files.id, originalMime: files.originalMime })
              .from(files)
              .where(and(eq(files.storageName, input.photo), eq(files.kind, 'photo'), or(isNull(files.applicationId), eq(files.applicationId, id))))
              .for('update');
            if (!photo || (input.photoId && input.photoId !== photo.id)) throw new Refused('photo');
            if (extras.photoTypes && photo.originalMime && !extras.photoTypes.includes(photo.originalMime)) throw new Refused('photo', 'validation.fileType');
            await tx.update(files).set({ applicationId: id, linkedAt: new Date() }).where(eq(files.id, photo.id));
          }
          if (extras.certificate) {
            await tx.delete(files).where(and(eq(files.applicationId, id), eq(files.kind, 'certificate')));
            await insertFile(tx, { kind: 'certificate', ...extras.certificate, applicationId: id, linkedAt: new Date() });
          }
          if (!existingId) await enqueueMail(tx, receivedMail(columns, newReference, statusLink));
          await recordApplicantConsent(tx, id, input, columns.updatedAt);
          return { ok: true as const, id, editToken, created: existingId === null, reference };
        });
      } catch (error) {
        const dbError = databaseErrorOf(error);
        if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === CAPTCHA_USED_CONSTRAINT) return { ok: false, captcha: 'reused' };
        // Rolled back whole (the captcha too), so the next try starts clean.
        if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === REFERENCE_CONSTRAINT) return { referenceTaken: true };
        const refusal: SaveResult | null =
          error instanceof Refused
            ? { ok: false, invalid: error.field, code: error.code }
            : dbError?.code === UNIQUE_VIOLATION && dbError.constraint === 'applications_email_unique'
              ? { ok: false, conflict: 'email' }
              : dbError?.code === UNIQUE_VIOLATION && dbError.constraint === 'applications_registration_unique'
                ? { ok: false, conflict: 'registrationNumber' }
                : null;
        // The save was refused or failed and rolled back: the solution is used up all the same.
        if (!refusal) {
          if (extras.captcha) await recordCaptchaUsed(db, extras.captcha).catch(() => undefined);
          throw error;
        }
        // Recorded alone; false when another request used it meanwhile.
        if (extras.captcha && !(await recordCaptchaUsed(db, extras.captcha))) return { ok: false, captcha: 'reused' };
        return refusal;
      }
    },

    /** Whether a temp photo was uploaded as one of `types` (photos from before the check count as such). */
    async isPhotoOfType(storageName: string, types: readonly string[]): Promise<boolean> {
      const [row] = await db
        .select({ originalMime: files.originalMime })
        .from(files)
        .where(and(eq(files.storageName, storageName), eq(files.kind, 'photo')));
      return !row?.originalMime || types.includes(row.originalMime);
    },

    /** Whether the application behind an edit token already holds a certificate. */
    async hasCertificate(editToken: string): Promise<boolean> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .innerJoin(applications, eq(files.applicationId, applications.id))
        .where(and(byLiveEditToken(editToken), eq(files.kind, 'certificate')))
        .limit(1);
      return Boolean(row);
    },

    /** The application's answers, found only by its edit token (never by its id). */
    async findByEditToken(editToken: string): Promise<{ id: string; answers: Record<string, unknown> } | null> {
      const [row] = await db.select({ id: applications.id, answers: applications.answers }).from(applications).where(byLiveEditToken(editToken));
      return row ? { id: row.id, answers: row.answers } : null;
    },
  };
  return store;
}

export type ApplicationStore = ReturnType<typeof createApplicationStore>;
