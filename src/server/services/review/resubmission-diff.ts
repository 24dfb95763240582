// What the applicant changed after a change request (issue 25 item 3): the answers kept when the
// reviewer asked for changes (review-snapshots.ts) against the answers now, field by field in the
// form's order, once the applicant has resubmitted.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { ChangedField, ChangesSinceRequest } from '#shared/schemas/review-checks.ts';
import type { ReviewField } from '#shared/schemas/review.ts';
import type { Queryable } from '../../db/client.ts';
import { applications, pharmacies, reviewAudit, reviewSnapshots } from '../../db/schema.ts';

/** The application's answers as the review detail lists them (review-desk.ts `fieldsInFormOrder`). */
export type FieldsOf = (country: string, language: string, answers: Record<string, unknown>) => { fields: ReviewField[] };

/** An answer as compared: an absent, null or empty answer is one and the same "not given". */
const comparable = (value: unknown): string => (value === undefined || value === null || value === '' ? '' : JSON.stringify(value));

/** The fields whose answers differ, in the order of the answers now, then those no longer answered. */
function changedFields(before: ReviewField[], after: ReviewField[]): ChangedField[] {
  const earlier = new Map(before.map((field) => [field.name, field]));
  const changed: ChangedField[] = [];
  for (const field of after) {
    const old = earlier.get(field.name);
    earlier.delete(field.name);
    if (comparable(old?.value) !== comparable(field.value))
      changed.push({ name: field.name, texts: field.texts, before: old?.value ?? null, after: field.value ?? null });
  }
  for (const old of earlier.values()) if (comparable(old.value) !== '') changed.push({ name: old.name, texts: old.texts, before: old.value, after: null });
  return changed;
}

/** The changes since the latest change request, once the applicant has resubmitted after it; null otherwise. */
export async function changesSinceRequest(db: Queryable, applicationId: string, fieldsOf: FieldsOf): Promise<ChangesSinceRequest | null> {
  const [kept] = await db
    .select({ takenAt: reviewSnapshots.takenAt, answers: reviewSnapshots.answers })
    .from(reviewSnapshots)
    .where(eq(reviewSnapshots.applicationId, applicationId))
    .orderBy(desc(reviewSnapshots.takenAt))
    .limit(1);
  if (!kept) return null;
  const [resubmitted] = await db
    .select({ at: reviewAudit.at })
    .from(reviewAudit)
    .where(and(eq(reviewAudit.applicationId, applicationId), eq(reviewAudit.action, 'resubmit'), gte(reviewAudit.at, kept.takenAt)))
    .orderBy(desc(reviewAudit.at))
    .limit(1);
  if (!resubmitted) return null;
  const [now] = await db
    .select({ country: applications.country, language: applications.language, answers: applications.answers })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!now) return null;
  const fields = changedFields(fieldsOf(now.country, now.language, kept.answers).fields, fieldsOf(now.country, now.language, now.answers).fields);
  const placeIds = fields
    .filter((field) => field.name === 'placeId')
    .flatMap((field) => [field.before, field.after])
    .filter((id): id is string => typeof id === 'string' && id !== '');
  const named = placeIds.length
    ? await db
        .select({ placeId: pharmacies.placeId, name: pharmacies.name, address: pharmacies.address })
        .from(pharmacies)
        .where(inArray(pharmacies.placeId, placeIds))
    : [];
  return {
    requestedAt: kept.takenAt.toISOString(),
    resubmittedAt: resubmitted.at.toISOString(),
    fields,
    places: Object.fromEntries(named.map((place) => [place.placeId, { name: place.name, address: place.address }])),
  };
}
