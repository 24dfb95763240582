// Declarations and consents on record (issue 23 item 3): who gave which boxes, when, and the
// versions of the privacy policy and terms the page showed. Written in the transaction of the save
// that carried the boxes; read by the review detail and the data export.
import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { legalVersionsOf } from '#shared/legal-versions.ts';
import { isCountry, isLanguage, type Country, type Language } from '#shared/markets.ts';
import type { ConsentRecordView } from '#shared/schemas/consents.ts';
import type { Queryable } from '../db/client.ts';
import { consentRecords, staffUsers } from '../db/schema.ts';

export interface ConsentInput {
  applicationId?: string;
  fieldPharmacyId?: string;
  givenBy: 'applicant' | 'pharmacist' | 'staff';
  staffUserId?: string;
  /** The boxes ticked, by field name; only the true ones are recorded. */
  answers: Record<string, unknown>;
  boxes: readonly string[];
  country: Country;
  language: Language;
  at: Date;
}

/** The boxes of `input` that are ticked, in the order of `boxes`. */
const tickedBoxes = (input: Pick<ConsentInput, 'answers' | 'boxes'>) => input.boxes.filter((name) => input.answers[name] === true);

export async function recordConsent(tx: Queryable, input: ConsentInput): Promise<void> {
  const statements = tickedBoxes(input);
  if (statements.length === 0) return;
  const versions = legalVersionsOf(input.country, input.language);
  await tx.insert(consentRecords).values({
    applicationId: input.applicationId ?? null,
    fieldPharmacyId: input.fieldPharmacyId ?? null,
    givenBy: input.givenBy,
    staffUserId: input.staffUserId ?? null,
    statements,
    country: input.country,
    language: input.language,
    privacyVersion: versions.privacy,
    termsVersion: versions.terms,
    givenAt: input.at,
  });
}

/**
 * An applicant's record (as `recordConsent` writes it) as one insert for a statement that also
 * stores the application: `applicationId` is that statement's expression for the new row's id.
 * null when no box is ticked.
 */
export function applicantConsentInsert(
  input: Omit<ConsentInput, 'applicationId' | 'fieldPharmacyId' | 'givenBy' | 'staffUserId'>,
  applicationId: SQL,
): SQL | null {
  const statements = tickedBoxes(input);
  if (statements.length === 0) return null;
  const versions = legalVersionsOf(input.country, input.language);
  return sql`insert into consent_records (application_id, given_by, statements, country, language, privacy_version, terms_version, given_at)
    values (${applicationId}, 'applicant', ${JSON.stringify(statements)}::jsonb, ${input.country}, ${input.language}, ${versions.privacy}, ${versions.terms}, ${input.at.toISOString()}::timestamptz)`;
}

/** The records of some applications or field pharmacies, oldest first, with the staff member's name for a staff statement. */
export async function consentsOf(db: Queryable, of: { applicationIds?: string[]; fieldPharmacyIds?: string[] }): Promise<ConsentRecordView[]> {
  const conditions = [
    ...(of.applicationIds?.length ? [inArray(consentRecords.applicationId, of.applicationIds)] : []),
    ...(of.fieldPharmacyIds?.length ? [inArray(consentRecords.fieldPharmacyId, of.fieldPharmacyIds)] : []),
  ];
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ record: consentRecords, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(consentRecords)
    .leftJoin(staffUsers, eq(staffUsers.id, consentRecords.staffUserId))
    .where(or(...conditions))
    .orderBy(asc(consentRecords.givenAt), asc(consentRecords.id));
  return rows.map(({ record: r, firstName, lastName }) => ({
    id: r.id,
    applicationId: r.applicationId,
    fieldPharmacyId: r.fieldPharmacyId,
    givenBy: r.givenBy,
    staffName: firstName ? `${firstName} ${lastName ?? ''}`.trim() : null,
    statements: r.statements,
    country: isCountry(r.country) ? r.country : 'it',
    language: isLanguage(r.language) ? r.language : 'en',
    privacyVersion: r.privacyVersion,
    termsVersion: r.termsVersion,
    givenAt: r.givenAt.toISOString(),
  }));
}
