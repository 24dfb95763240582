// Erasing a field-signed pharmacist's personal data from a field pharmacy (issue 23): on their
// data-rights request, or when they did not confirm in time. The pharmacy stays with the area
// manager as a business place (name, address, rep, visits), marked 'erased'; its CSV record is
// rendered again in the same statement, so the export no longer carries them. An extra pharmacist
// (issue 39 item 7) is erased alone: their numbered answers and their own confirmation's row. Either
// way the reps' notes of every visit to the pharmacy go (decision 0069): free text that can name the
// person; the visits themselves stay (the dashboards count them).
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { sectionOf } from '#shared/forms/sections.ts';
import type { Transaction } from '../../db/client.ts';
import { callEntries, fieldConfirmationLinks, fieldExtraPharmacists, files } from '../../db/schema.ts';
import { updateFieldPharmacy } from './export-lines.ts';
import { withExtraPharmacist, withoutExtraPharmacists } from './extra-pharmacists.ts';
import type { FieldPharmacy } from './pharmacy-row.ts';

/** The recorded pharmacist's own answers: what their link lets them correct, and their address. */
const PHARMACIST_FIELDS = new Set(['email', ...Object.keys(sectionOf('field-pharmacist').fields)]);

/** The confirmation links of a pharmacy's first pharmacist (`number` null) or of its extra pharmacist `number`. */
export const linksOf = (pharmacyId: string, number: number | null) =>
  and(
    eq(fieldConfirmationLinks.fieldPharmacyId, pharmacyId),
    number === null ? isNull(fieldConfirmationLinks.extraPharmacist) : eq(fieldConfirmationLinks.extraPharmacist, number),
  );

/** An extra pharmacist's confirmation row. */
export const extraPharmacistKey = (pharmacyId: string, number: number) =>
  and(eq(fieldExtraPharmacists.fieldPharmacyId, pharmacyId), eq(fieldExtraPharmacists.number, number));

/** In the caller's transaction: the notes of every visit to the pharmacy cleared. */
const clearVisitNotes = (tx: Transaction, pharmacyId: string) =>
  tx
    .update(callEntries)
    .set({ note: null })
    .where(and(eq(callEntries.pharmacyId, pharmacyId), isNotNull(callEntries.note)));

/**
 * In the caller's transaction: the row's pharmacist blanked, the notes of the pharmacy's visits cleared, their photo (unless an application
 * holds it, which erases it itself) and their links deleted. `everyone`: the extra pharmacists who
 * were never asked themselves too (recorded before they had an e-mail: no one confirmed anything of
 * that visit); those asked keep their own confirmation and lapse.
 */
export async function blankFieldPharmacist(tx: Transaction, row: FieldPharmacy, everyone: boolean): Promise<void> {
  const photo = typeof row.answers.photo === 'string' ? row.answers.photo : '';
  const asked = everyone
    ? new Set(
        (
          await tx
            .select({ number: fieldExtraPharmacists.number })
            .from(fieldExtraPharmacists)
            .where(and(eq(fieldExtraPharmacists.fieldPharmacyId, row.id), ne(fieldExtraPharmacists.pharmacistStatus, 'erased')))
        ).map((r) => r.number),
      )
    : null;
  await updateFieldPharmacy(tx, row.id, (current) => ({
    answers: withoutExtraPharmacists(
      Object.fromEntries(Object.entries(current.answers).filter(([name]) => !PHARMACIST_FIELDS.has(name))),
      (number) => asked !== null && !asked.has(number),
    ),
    pharmacistStatus: 'erased',
    pharmacistMailbox: null,
    confirmationLinkBase: null,
  }));
  if (photo) await tx.delete(files).where(and(eq(files.storageName, photo), eq(files.kind, 'photo'), isNull(files.applicationId)));
  await tx.delete(fieldConfirmationLinks).where(linksOf(row.id, null));
  await clearVisitNotes(tx, row.id);
}

/** In the caller's transaction: extra pharmacist `number` of the pharmacy blanked, their row marked 'erased', their links and the pharmacy's visit notes deleted. */
export async function blankExtraPharmacist(tx: Transaction, pharmacyId: string, number: number): Promise<void> {
  await updateFieldPharmacy(tx, pharmacyId, (current) => ({ answers: withExtraPharmacist(current.answers, number, null) }));
  await tx
    .update(fieldExtraPharmacists)
    .set({ pharmacistStatus: 'erased', pharmacistMailbox: null, confirmationLinkBase: null })
    .where(extraPharmacistKey(pharmacyId, number));
  await tx.delete(fieldConfirmationLinks).where(linksOf(pharmacyId, number));
  await clearVisitNotes(tx, pharmacyId);
}
