// Italian field sales read models: area managers, their reps, their pharmacies and call history.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AreaManagerItem, CallHistoryEntry, FieldPharmacyDetail, FieldPharmacyItem, RepItem } from '#shared/schemas/staff.ts';
import type { Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { answersFromRow, pharmacistOf, type FieldPharmacy } from './pharmacy-row.ts';

const itemOf = (r: FieldPharmacy, callHistory: CallHistoryEntry[]): FieldPharmacyItem => ({
  id: r.id,
  pharmacyName: r.name,
  fullAddress: r.fullAddress,
  callHistory,
  currentCallFlag: r.currentCallFlag,
  pharmacist: pharmacistOf(r),
});

/** A pharmacy's record as its forms read it, with the call history given (newest first). */
export function detailOf(row: FieldPharmacy, callHistory: CallHistoryEntry[]): FieldPharmacyDetail {
  // Every answer the area manager's and the reps' forms saved (extra pharmacists included), with
  // the province, region and rep under the names this answer has always given them.
  const { prov, region, salesRep, ...answers } = answersFromRow(row);
  return { ...answers, ...itemOf(row, callHistory), province: prov, pharmacyRegion: region, areaManagerId: row.areaManagerId, salesRepId: salesRep };
}

export function createFieldSales(db: Database) {
  /** Each pharmacy's call history, newest first; `latest` the last so many entries of one pharmacy's. */
  async function histories(pharmacyIds: string[], latest?: number): Promise<Map<string, CallHistoryEntry[]>> {
    const byPharmacy = new Map<string, CallHistoryEntry[]>(pharmacyIds.map((id) => [id, []]));
    if (pharmacyIds.length === 0) return byPharmacy;
    if (latest !== undefined && pharmacyIds.length > 1) throw new Error('histories: a limit is per pharmacy, of one pharmacy');
    const query = db
      .select({ entry: callEntries, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
      .from(callEntries)
      .leftJoin(staffUsers, eq(callEntries.byUserId, staffUsers.id))
      .where(inArray(callEntries.pharmacyId, pharmacyIds))
      .orderBy(desc(callEntries.at), desc(callEntries.id))
      .$dynamic();
    const rows = await (latest === undefined ? query : query.limit(latest));
    for (const { entry, firstName, lastName } of rows) {
      byPharmacy.get(entry.pharmacyId)?.push({
        id: entry.id,
        at: entry.at.toISOString(),
        callFlag: entry.callFlag,
        month: entry.month,
        note: entry.note,
        nextVisit: entry.nextVisit,
        byName: firstName ? `${firstName} ${lastName ?? ''}`.trim() : null,
      });
    }
    return byPharmacy;
  }

  return {
    async areaManagers(): Promise<AreaManagerItem[]> {
      return db
        .select({ id: staffUsers.id, email: staffUsers.email, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'area_manager'), isNull(staffUsers.disabledAt)))
        .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
    },

    async repsOf(areaManagerId: string): Promise<RepItem[]> {
      const rows = await db
        .select({ nid: staffUsers.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'sales_rep'), eq(staffUsers.areaManagerId, areaManagerId), isNull(staffUsers.disabledAt)))
        .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
      return rows.map((r) => ({ firstName: r.firstName, lastName: r.lastName, nid: r.nid }));
    },

    async pharmacy(id: string): Promise<FieldPharmacy | null> {
      const [row] = await db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
      return row ?? null;
    },

    /** The record with its whole call history (the manager's view), or its `latestVisits` last visits (the rep's form). */
    async detail(row: FieldPharmacy, options: { latestVisits?: number } = {}): Promise<FieldPharmacyDetail> {
      const history = await histories([row.id], options.latestVisits);
      return detailOf(row, history.get(row.id) ?? []);
    },
  };
}

export type FieldSales = ReturnType<typeof createFieldSales>;
