// The rep's own reads (issue 24 item 3, "today, for the rep"): the assigned pharmacies in visit
// order (overdue, due today, later, none; then nearest to the rep's position; then by name), each
// with its latest visit, next visit and coordinates; and the visit form's record with the last
// five visits. Not paged: the whole list is its first page (decision 0024).
import { eq, sql } from 'drizzle-orm';
import type { CallHistoryEntry, FieldPharmacyDetail } from '#shared/schemas/staff.ts';
import { REP_FORM_VISITS, type RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import { distanceKm, fieldToday, orderByVisitDue, type Position } from '#shared/visit-due.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { detailOf, type FieldSales } from './field-sales.ts';
import { pharmacistOf, type FieldPharmacy } from './pharmacy-row.ts';

/**
 * A row as the statement builds it (json_build_array, in this order): days and times in ISO 8601
 * whatever the driver. An array, not an object: half the text to build, send and parse.
 */
type Row = [
  id: string,
  name: string,
  fullAddress: string,
  currentCallFlag: string | null,
  lat: number | null,
  lng: number | null,
  pharmacistStatus: FieldPharmacy['pharmacistStatus'],
  confirmedAt: string | null,
  entryId: string | null,
  entryAt: string | null,
  entryFlag: string | null,
  entryMonth: number | null,
  entryNote: string | null,
  nextVisit: string | null,
  byFirst: string | null,
  byLast: string | null,
];

const latestEntryOf = ([, , , , , , , , entryId, entryAt, entryFlag, entryMonth, note, nextVisit, byFirst, byLast]: Row): CallHistoryEntry[] =>
  entryId && entryAt && entryFlag
    ? [
        {
          id: entryId,
          at: new Date(entryAt).toISOString(),
          callFlag: entryFlag,
          month: entryMonth,
          note,
          nextVisit,
          byName: byFirst ? `${byFirst} ${byLast ?? ''}`.trim() : null,
        },
      ]
    : [];

/** A visit of the offline pack's statement (days and times as text). */
interface PackEntryRow {
  id: string;
  pharmacy_id: string;
  at: string;
  call_flag: string;
  month: number | null;
  note: string | null;
  next_visit: string | null;
  first_name: string | null;
  last_name: string | null;
}

export function createRepList(db: Database, fieldSales: Pick<FieldSales, 'detail'>, now: () => Date) {
  return {
    /** The rep's pharmacies in visit order as of today in Rome; `position` adds each one's distance and orders ties by it. */
    async pharmacies(salesRepId: string, position: Position | null): Promise<RepPharmacyItem[]> {
      // Each pharmacy's latest entry through the (pharmacy_id, at) index. The rows come as one JSON
      // text built by the database: on PGlite decoding 500 rows of 16 columns one value at a time
      // takes about twice as long (bench/README.md).
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(
          p.id, p.name, p.full_address, p.current_call_flag, p.lat, p.lng, p.pharmacist_status, p.confirmed_at,
          c.id, c.at, c.call_flag, c.month, c.note, c.next_visit, u.first_name, u.last_name)), '[]')::text as list
        from ${fieldPharmacies} p
        left join lateral (
          select e.id, e.at, e.call_flag, e.month, e.note, e.next_visit, e.by_user_id from ${callEntries} e
          where e.pharmacy_id = p.id order by e.at desc limit 1
        ) c on true
        left join ${staffUsers} u on u.id = c.by_user_id
        where p.sales_rep_id = ${salesRepId}`);
      const rows = JSON.parse(rowsOf<{ list: string }>(result)[0]?.list ?? '[]') as Row[];
      const items: RepPharmacyItem[] = rows.map((row) => {
        const [id, name, fullAddress, currentCallFlag, lat, lng, pharmacistStatus, confirmedAt, , , , , , nextVisit] = row;
        return {
          id,
          pharmacyName: name,
          fullAddress,
          callHistory: latestEntryOf(row),
          currentCallFlag,
          pharmacist: pharmacistOf({ pharmacistStatus, confirmedAt: confirmedAt as unknown as Date | null }),
          nextVisit,
          lat,
          lng,
          distanceKm: position && lat !== null && lng !== null ? Math.round(distanceKm(position, { lat, lng }) * 10) / 10 : null,
        };
      });
      return orderByVisitDue(items, fieldToday(now()), position);
    },

    /** GET /api/rep-get-pharmacy: the visit form's record, with its last REP_FORM_VISITS visits newest first. */
    detail: (row: FieldPharmacy) => fieldSales.detail(row, { latestVisits: REP_FORM_VISITS }),

    /**
     * GET /api/rep-offline-pharmacies: every assigned pharmacy's visit-form record at once (each as
     * GET /api/rep-get-pharmacy answers it), for the rep's phone to keep for visits without a
     * connection (decision 0026). Two queries, however many pharmacies.
     */
    async offlinePack(salesRepId: string): Promise<FieldPharmacyDetail[]> {
      const rows = await db.select().from(fieldPharmacies).where(eq(fieldPharmacies.salesRepId, salesRepId)).orderBy(fieldPharmacies.id);
      if (rows.length === 0) return [];
      const result = await db.execute(sql`
        select e.id, e.pharmacy_id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.call_flag, e.month, e.note,
          to_char(e.next_visit, 'YYYY-MM-DD') as next_visit, u.first_name, u.last_name
        from (
          select c.*, row_number() over (partition by c.pharmacy_id order by c.at desc, c.id desc) as n
          from ${callEntries} c join ${fieldPharmacies} p on p.id = c.pharmacy_id
          where p.sales_rep_id = ${salesRepId}
        ) e
        left join ${staffUsers} u on u.id = e.by_user_id
        where e.n <= ${REP_FORM_VISITS}
        order by e.pharmacy_id, e.at desc, e.id desc`);
      const visits = new Map<string, CallHistoryEntry[]>();
      for (const entry of rowsOf<PackEntryRow>(result)) {
        const list = visits.get(entry.pharmacy_id) ?? [];
        list.push({
          id: entry.id,
          at: entry.at,
          callFlag: entry.call_flag,
          month: entry.month,
          note: entry.note,
          nextVisit: entry.next_visit,
          byName: entry.first_name ? `${entry.first_name} ${entry.last_name ?? ''}`.trim() : null,
        });
        visits.set(entry.pharmacy_id, list);
      }
      return rows.map((row) => detailOf(row, visits.get(row.id) ?? []));
    },
  };
}

export type RepList = ReturnType<typeof createRepList>;
