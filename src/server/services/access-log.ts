// Who saw whom (issue 42 item 5, docs/decisions/0073): a member of staff opening an application or a
// field pharmacy is one row of record_views; a CSV export keeps the field pharmacies it held in its
// csv_exports row. Both are part of the main admin's activity log (activity-log.ts); a person's
// data-rights export lists the roles (never the names) that opened or exported their records; the
// breach command (cli/privacy-breach.ts) reads them by time; retention deletes them after
// RETENTION_ACCESS_LOG_MONTHS.
import { and, arrayOverlaps, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff-roles.ts';
import type { RecordAccess } from '#shared/schemas/applicant-links.ts';
import type { Queryable } from '../db/client.ts';
import { csvExports, recordViews } from '../db/schema.ts';

/** A person opening the same record again within this many minutes (a reload, Back) adds no entry. */
const ACCESS_REPEAT_MINUTES = 10;

export type ViewedRecord = 'application' | 'fieldPharmacy';

/** One statement: the view, unless the same person opened the same record in the last ACCESS_REPEAT_MINUTES. */
export async function recordView(
  db: Queryable,
  view: { at: Date; actorId: string; actorRole: StaffRole; record: ViewedRecord; recordId: string },
): Promise<void> {
  const since = new Date(view.at.getTime() - ACCESS_REPEAT_MINUTES * 60_000);
  await db.execute(sql`
    insert into ${recordViews} (at, actor_id, actor_role, record, record_id)
    select ${view.at}, ${view.actorId}, ${view.actorRole}, ${view.record}, ${view.recordId}
    where not exists (select 1 from ${recordViews} r where r.record_id = ${view.recordId} and r.actor_id = ${view.actorId} and r.at > ${since})`);
}

/**
 * Every view and export of the records named, oldest first, with the role that did it: an
 * application's views, a field pharmacy's views and the CSV exports that held it. `since` leaves out
 * what happened to a field pharmacy before the person was recorded in it.
 */
export async function accessesOf(
  db: Queryable,
  records: { applicationIds: string[]; fieldPharmacies: { id: string; since: Date }[] },
): Promise<RecordAccess[]> {
  const pharmacyIds = records.fieldPharmacies.map((p) => p.id);
  const ids = [...records.applicationIds, ...pharmacyIds];
  const [views, exports] = await Promise.all([
    ids.length ? db.select().from(recordViews).where(inArray(recordViews.recordId, ids)) : [],
    pharmacyIds.length
      ? db
          .select({ at: csvExports.at, role: csvExports.actorRole, held: csvExports.fieldPharmacyIds })
          .from(csvExports)
          .where(arrayOverlaps(csvExports.fieldPharmacyIds, pharmacyIds))
      : [],
  ]);
  const recordedSince = new Map(records.fieldPharmacies.map((p) => [p.id, p.since.getTime()]));
  const before = (id: string, at: Date) => at.getTime() < (recordedSince.get(id) ?? 0);
  const accesses: RecordAccess[] = [
    ...views
      .filter((v) => v.record === 'application' || !before(v.recordId, v.at))
      .map((v) => ({ at: v.at.toISOString(), role: v.actorRole, record: v.record, recordId: v.recordId, action: 'viewed' as const })),
    ...exports.flatMap((e) =>
      (e.held ?? [])
        .filter((id) => recordedSince.has(id) && !before(id, e.at))
        .map((id) => ({ at: e.at.toISOString(), role: e.role, record: 'fieldPharmacy' as const, recordId: id, action: 'exported' as const })),
    ),
  ];
  return accesses.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Retention: views older than `cutoff` deleted, and the people lists of older exports emptied (the export's own entry stays in the log). */
export async function purgeAccessLog(db: Queryable, cutoff: Date): Promise<number> {
  const views = await db.delete(recordViews).where(lt(recordViews.at, cutoff)).returning({ id: recordViews.id });
  const lists = await db
    .update(csvExports)
    .set({ fieldPharmacyIds: null })
    .where(and(lt(csvExports.at, cutoff), isNotNull(csvExports.fieldPharmacyIds)))
    .returning({ id: csvExports.id });
  return views.length + lists.length;
}
