// Erasing a field-signed pharmacist's personal data from a field pharmacy (issue 23): on their
// data-rights request, or when they did not confirm in time. The pharmacy stays with the area
// manager as a business place (name, address, rep, visits), marked 'erased'; its CSV record is
// rendered again in the same statement, so the export no longer carries them.
import { and, eq, isNull } from 'drizzle-orm';
import { sectionOf } from '#shared/forms/sections.ts';
import type { Transaction } from '../../db/client.ts';
import { fieldConfirmationLinks, files } from '../../db/schema.ts';
import { updateFieldPharmacy } from './export-lines.ts';
import type { FieldPharmacy } from './pharmacy-row.ts';

/** The recorded pharmacist's own answers: what their link lets them correct, and their address. */
const PHARMACIST_FIELDS = new Set(['email', ...Object.keys(sectionOf('field-pharmacist').fields)]);
/** The colleagues the rep listed with them (firstName2, lastName2, …). */
const EXTRA_FIELDS = new Set(Object.keys(sectionOf('extra-pharmacists').fields));
const isExtraPharmacistField = (name: string) => /\d+$/.test(name) && EXTRA_FIELDS.has(name.replace(/\d+$/, ''));

/** The answers without the pharmacist's (and, with `everyone`, without their colleagues'). */
function withoutPharmacist(answers: Record<string, unknown>, everyone: boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([name]) => !PHARMACIST_FIELDS.has(name) && !(everyone && isExtraPharmacistField(name))));
}

/**
 * In the caller's transaction: the row's pharmacist blanked, their photo (unless an application
 * holds it, which erases it itself) and their links deleted. `everyone`: their colleagues too (no
 * one confirmed anything of that visit).
 */
export async function blankFieldPharmacist(tx: Transaction, row: FieldPharmacy, everyone: boolean): Promise<void> {
  const photo = typeof row.answers.photo === 'string' ? row.answers.photo : '';
  await updateFieldPharmacy(tx, row.id, (current) => ({
    answers: withoutPharmacist(current.answers, everyone),
    pharmacistStatus: 'erased',
    pharmacistMailbox: null,
    confirmationLinkBase: null,
  }));
  if (photo) await tx.delete(files).where(and(eq(files.storageName, photo), eq(files.kind, 'photo'), isNull(files.applicationId)));
  await tx.delete(fieldConfirmationLinks).where(eq(fieldConfirmationLinks.fieldPharmacyId, row.id));
}
