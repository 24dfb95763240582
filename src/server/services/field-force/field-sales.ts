// Italian field sales read models: area managers, their reps, their pharmacies and call history.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AreaManagerItem, CallHistoryEntry, FieldPharmacyDetail, FieldPharmacyItem, RepItem } from '#shared/schemas/staff.ts';
import type { Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { answersFromRow, pharmacistOf, type FieldPharmacy } from './pharmacy-row.ts';

export function createFieldSales(db: Database) {
  async function histories(pharmacyIds: string[]): Promise<Map<string, CallHistoryEntry[]>> {
    const byPharmacy = new Map<string, CallHistoryEntry[]>(pharmacyIds.map((id) => [id, []]));
    if (pharmacyIds.length === 0) return byPharmacy;
    const rows = await db
      .select({ entry: callEntries, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
      .from(callEntries)
      .leftJoin(staffUsers, eq(callEntries.byUserId, staffUsers.id))
      .where(inArray(callEntries.pharmacyId, pharmacyIds))
      .orderBy(desc(callEntries.at));
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

  async function items(rows: FieldPharmacy[]): Promise<FieldPharmacyItem[]> {
    const history = await histories(rows.map((r) => r.id));
    return rows.map((r) => ({ id: r.id, pharmacyName: r.name, fullAddress: r.fullAddress, callHistory: history.get(r.id) ?? [], currentCallFlag: r.currentCallFlag, pharmacist: pharmacistOf(r) }));
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

    async pharmaciesOfRep(salesRepId: string): Promise<FieldPharmacyItem[]> {
      return items(await db.select().from(fieldPharmacies).where(eq(fieldPharmacies.salesRepId, salesRepId)).orderBy(asc(fieldPharmacies.name)));
    },

    async pharmacy(id: string): Promise<FieldPharmacy | null> {
      const [row] = await db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
      return row ?? null;
    },

    async detail(row: FieldPharmacy): Promise<FieldPharmacyDetail> {
      const [item] = await items([row]);
      // Every answer the area manager's and the reps' forms saved (extra pharmacists included), with
      // the province, region and rep under the names this answer has always given them.
      const { prov, region, salesRep, ...answers } = answersFromRow(row);
      return { ...answers, ...item!, province: prov, pharmacyRegion: region, areaManagerId: row.areaManagerId, salesRepId: salesRep };
    },
  };
}

export type FieldSales = ReturnType<typeof createFieldSales>;
