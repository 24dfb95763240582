// The area manager's dashboard figures (issue 12 item 9), each one grouped query on the database.
import { and, count, countDistinct, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { CALL_FLAG_JOINED_UNIFY } from '#shared/reference/call-flags.ts';
import { lastTwelveMonths, type AreaManagerDashboard, type RepJoins } from '#shared/schemas/dashboard.ts';
import type { Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';

export function createFieldDashboard(db: Database) {
  async function pipeline(areaManagerId: string) {
    const rows = await db
      .select({ callFlag: fieldPharmacies.currentCallFlag, count: count() })
      .from(fieldPharmacies)
      .where(eq(fieldPharmacies.areaManagerId, areaManagerId))
      .groupBy(fieldPharmacies.currentCallFlag);
    return rows.map((r) => ({ callFlag: r.callFlag, count: Number(r.count) }));
  }

  async function joins(areaManagerId: string, now: Date) {
    const months = lastTwelveMonths(now);
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const month = sql<string>`to_char(${callEntries.at} at time zone 'UTC', 'YYYY-MM')`;
    const rows = await db
      .select({
        repId: callEntries.byUserId,
        firstName: staffUsers.firstName,
        lastName: staffUsers.lastName,
        month,
        count: countDistinct(callEntries.pharmacyId),
      })
      .from(callEntries)
      .innerJoin(fieldPharmacies, eq(callEntries.pharmacyId, fieldPharmacies.id))
      .leftJoin(staffUsers, eq(callEntries.byUserId, staffUsers.id))
      .where(and(eq(fieldPharmacies.areaManagerId, areaManagerId), eq(callEntries.callFlag, CALL_FLAG_JOINED_UNIFY), gte(callEntries.at, since)))
      .groupBy(callEntries.byUserId, staffUsers.firstName, staffUsers.lastName, month);
    const byRep = new Map<string | null, RepJoins>();
    for (const row of rows) {
      const rep = byRep.get(row.repId) ?? {
        repId: row.repId,
        name: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : '',
        counts: months.map(() => 0),
      };
      const index = months.indexOf(row.month);
      if (index >= 0) rep.counts[index] = Number(row.count);
      byRep.set(row.repId, rep);
    }
    const reps = [...byRep.values()].sort((a, b) => a.name.localeCompare(b.name, 'it'));
    return { months, reps };
  }

  async function points(areaManagerId: string) {
    const rows = await db
      .select({
        id: fieldPharmacies.id,
        name: fieldPharmacies.name,
        lat: fieldPharmacies.lat,
        lng: fieldPharmacies.lng,
        callFlag: fieldPharmacies.currentCallFlag,
      })
      .from(fieldPharmacies)
      .where(and(eq(fieldPharmacies.areaManagerId, areaManagerId), isNotNull(fieldPharmacies.lat), isNotNull(fieldPharmacies.lng)));
    return rows.map((r) => ({ ...r, lat: r.lat!, lng: r.lng! }));
  }

  return {
    async forAreaManager(areaManagerId: string, now = new Date()): Promise<AreaManagerDashboard> {
      const [p, j, pts] = await Promise.all([pipeline(areaManagerId), joins(areaManagerId, now), points(areaManagerId)]);
      return { pipeline: p, joins: j, points: pts };
    },
  };
}

export type FieldDashboard = ReturnType<typeof createFieldDashboard>;
