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

interface Row {
  id: string;
  name: string;
  full_address: string;
  current_call_flag: string | null;
  lat: number | null;
  lng: number | null;
  pharmacist_status: FieldPharmacy['pharmacistStatus'];
  confirmed_at: string | null;
  entry_id: string | null;
  entry_at: string | null;
  entry_flag: string | null;
  entry_month: number | null;
  entry_note: string | null;
  next_visit: string | null;
  by_first: string | null;
  by_last: string | null;
}

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

const latestEntryOf = (row: Row): CallHistoryEntry[] =>
  row.entry_id && row.entry_at && row.entry_flag
    ? [
        {
          id: row.entry_id,
          at: row.entry_at,
          callFlag: row.entry_flag,
          month: row.entry_month,
          note: row.entry_note,
          nextVisit: row.next_visit,
          byName: row.by_first ? `${row.by_first} ${row.by_last ?? ''}`.trim() : null,
        },
      ]
    : [];

export function createRepList(db: Database, fieldSales: Pick<FieldSales, 'detail'>, now: () => Date) {
  return {
    /** The rep's pharmacies in visit order as of today in Rome; `position` adds each one's distance and orders ties by it. */
    async pharmacies(salesRepId: string, position: Position | null): Promise<RepPharmacyItem[]> {
      // Each pharmacy's latest entry through the (pharmacy_id, at) index; days and times as text,
      // the same on PGlite and PostgreSQL whatever the session's time zone.
      const result = await db.execute(sql`
        select p.id, p.name, p.full_address, p.current_call_flag, p.lat, p.lng, p.pharmacist_status,
          to_char(p.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as confirmed_at,
          c.id as entry_id, to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as entry_at,
          c.call_flag as entry_flag, c.month as entry_month, c.note as entry_note, to_char(c.next_visit, 'YYYY-MM-DD') as next_visit,
          u.first_name as by_first, u.last_name as by_last
        from ${fieldPharmacies} p
        left join lateral (
          select e.id, e.at, e.call_flag, e.month, e.note, e.next_visit, e.by_user_id from ${callEntries} e
          where e.pharmacy_id = p.id order by e.at desc, e.id desc limit 1
        ) c on true
        left join ${staffUsers} u on u.id = c.by_user_id
        where p.sales_rep_id = ${salesRepId}`);
      const items: RepPharmacyItem[] = rowsOf<Row>(result).map((row) => {
        const lat = row.lat === null ? null : Number(row.lat);
        const lng = row.lng === null ? null : Number(row.lng);
        return {
          id: row.id,
          pharmacyName: row.name,
          fullAddress: row.full_address,
          callHistory: latestEntryOf(row),
          currentCallFlag: row.current_call_flag,
          pharmacist: pharmacistOf({ pharmacistStatus: row.pharmacist_status, confirmedAt: row.confirmed_at as unknown as Date | null }),
          nextVisit: row.next_visit,
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
        list.push({ id: entry.id, at: entry.at, callFlag: entry.call_flag, month: entry.month, note: entry.note, nextVisit: entry.next_visit, byName: entry.first_name ? `${entry.first_name} ${entry.last_name ?? ''}`.trim() : null });
        visits.set(entry.pharmacy_id, list);
      }
      return rows.map((row) => detailOf(row, visits.get(row.id) ?? []));
    },
  };
}

export type RepList = ReturnType<typeof createRepList>;
