// What a data-rights link shows and erases of the field force's records of a mailbox (issues 23 and
// 39): the pharmacies whose first pharmacist it is, and those where a rep recorded it as an extra
// pharmacist. Each record holds that person's own answers, never a colleague's, and the reps' visit
// notes that can name them (decision 0069): every note of the pharmacy for its first pharmacist, the
// notes naming them (surname or address) for an extra one.
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { callEntries, fieldExtraPharmacists, fieldPharmacies } from '../../db/schema.ts';
import { ownAnswersOf } from './extra-pharmacists.ts';
import { blankExtraPharmacist, blankFieldPharmacist, extraPharmacistKey } from './field-pharmacist-erasure.ts';
import type { FieldPharmacy } from './pharmacy-row.ts';

/** A record of the mailbox: its pharmacy, whose pharmacist (`number` null: the first), the application their confirmation made, and what the export shows. */
export interface FieldRecordOfMailbox {
  pharmacyId: string;
  number: number | null;
  applicationId: string | null;
  record: MyDataExport['fieldRecords'][number];
}

type State = Pick<FieldPharmacy, 'pharmacistStatus' | 'confirmationRequestedAt' | 'confirmedAt' | 'applicationId'>;

type VisitNote = { pharmacyId: string; at: Date; note: string | null };

/** Whether a note names the person: their surname or their address, in any case. */
function names(note: string, own: Record<string, unknown>): boolean {
  const text = note.toLowerCase();
  return [own.lastName, own.email].some((value) => typeof value === 'string' && value.trim() !== '' && text.includes(value.trim().toLowerCase()));
}

function recordOf(row: FieldPharmacy, state: State, number: number | null, notes: VisitNote[]): FieldRecordOfMailbox {
  const answers = ownAnswersOf(row.answers, number);
  return {
    pharmacyId: row.id,
    number,
    applicationId: state.applicationId,
    record: {
      id: row.id,
      pharmacyName: row.name,
      address: row.fullAddress,
      recordedAt: (state.confirmationRequestedAt ?? row.createdAt).toISOString(),
      status: state.pharmacistStatus ?? 'awaiting',
      confirmedAt: state.confirmedAt?.toISOString() ?? null,
      answers,
      visitNotes: notes
        .filter((visit) => visit.pharmacyId === row.id && visit.note && (number === null || names(visit.note, answers)))
        .map((visit) => ({ at: visit.at.toISOString(), note: visit.note! })),
    },
  };
}

const extrasOfMailbox = (mailbox: string) => and(eq(fieldExtraPharmacists.pharmacistMailbox, mailbox), ne(fieldExtraPharmacists.pharmacistStatus, 'erased'));
const firstsOfMailbox = (mailbox: string) => and(eq(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.pharmacistStatus, 'erased'));

/** Every field record of the mailbox that still holds personal data. */
export async function fieldRecordsOf(db: Queryable, mailbox: string): Promise<FieldRecordOfMailbox[]> {
  const [firsts, extras] = await Promise.all([
    db.select().from(fieldPharmacies).where(firstsOfMailbox(mailbox)),
    db
      .select({ extra: fieldExtraPharmacists, row: fieldPharmacies })
      .from(fieldExtraPharmacists)
      .innerJoin(fieldPharmacies, eq(fieldPharmacies.id, fieldExtraPharmacists.fieldPharmacyId))
      .where(extrasOfMailbox(mailbox)),
  ]);
  const pharmacyIds = [...new Set([...firsts.map((row) => row.id), ...extras.map(({ row }) => row.id)])];
  const notes: VisitNote[] = pharmacyIds.length
    ? await db
        .select({ pharmacyId: callEntries.pharmacyId, at: callEntries.at, note: callEntries.note })
        .from(callEntries)
        .where(and(inArray(callEntries.pharmacyId, pharmacyIds), isNotNull(callEntries.note)))
        .orderBy(asc(callEntries.at))
    : [];
  return [...firsts.map((row) => recordOf(row, row, null, notes)), ...extras.map(({ extra, row }) => recordOf(row, extra, extra.number, notes))];
}

/** In the caller's transaction: every field record of the mailbox blanked (the pharmacies stay); answers which. */
export async function eraseFieldRecordsOf(tx: Transaction, mailbox: string): Promise<{ pharmacyId: string; number: number | null }[]> {
  const erased: { pharmacyId: string; number: number | null }[] = [];
  for (const row of await tx.select().from(fieldPharmacies).where(firstsOfMailbox(mailbox)).for('update')) {
    await blankFieldPharmacist(tx, row, false);
    erased.push({ pharmacyId: row.id, number: null });
  }
  const extras = await tx
    .select({ pharmacyId: fieldExtraPharmacists.fieldPharmacyId, number: fieldExtraPharmacists.number })
    .from(fieldExtraPharmacists)
    .where(extrasOfMailbox(mailbox));
  for (const { pharmacyId, number } of extras) {
    // The pharmacy's row first, then theirs: the order a rep's save locks them in.
    await tx.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(eq(fieldPharmacies.id, pharmacyId)).for('update');
    const [still] = await tx
      .select({ number: fieldExtraPharmacists.number })
      .from(fieldExtraPharmacists)
      .where(and(extraPharmacistKey(pharmacyId, number), extrasOfMailbox(mailbox)))
      .for('update');
    if (!still) continue;
    await blankExtraPharmacist(tx, pharmacyId, number);
    erased.push({ pharmacyId, number });
  }
  return erased;
}

/** The address and language of the mailbox's newest field record, for its data-rights link; null when it has none. */
export async function fieldHolderOf(db: Queryable, mailbox: string): Promise<{ email: string; language: string } | null> {
  const [first] = await db
    .select({ answers: fieldPharmacies.answers, language: fieldPharmacies.confirmationLanguage })
    .from(fieldPharmacies)
    .where(firstsOfMailbox(mailbox))
    .orderBy(desc(fieldPharmacies.updatedAt))
    .limit(1);
  if (first && typeof first.answers.email === 'string') return { email: first.answers.email, language: first.language ?? 'it' };
  const [extra] = await db
    .select({ answers: fieldPharmacies.answers, number: fieldExtraPharmacists.number, language: fieldExtraPharmacists.confirmationLanguage })
    .from(fieldExtraPharmacists)
    .innerJoin(fieldPharmacies, eq(fieldPharmacies.id, fieldExtraPharmacists.fieldPharmacyId))
    .where(extrasOfMailbox(mailbox))
    .orderBy(desc(fieldExtraPharmacists.confirmationRequestedAt))
    .limit(1);
  const email = extra ? extra.answers[`email${extra.number}`] : undefined;
  return typeof email === 'string' ? { email, language: extra!.language ?? 'it' } : null;
}
