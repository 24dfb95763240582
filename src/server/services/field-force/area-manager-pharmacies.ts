// The area manager's pharmacies (issue 12): one page of the list (no call history, so it stays
// fast with 10,000 rows), the view's record, adding a pharmacy (screens 7 + 3), editing its
// details and rep. The CSV export reads its rows itself (accord-csv.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { FORMS } from '#shared/forms/catalogue.ts';
import { PHARMACY_PAGE_SIZE, type AreaManagerPharmacyDetail, type AreaManagerPharmacyItem, type AreaManagerPharmacyPage } from '#shared/schemas/staff.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, rowsOf, type Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { CAPTCHA_USED_CONSTRAINT, captchaUsedInsert, type VerifiedCaptcha } from '../captcha.ts';
import { exportColumnsOf, updateFieldPharmacy } from './export-lines.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { recordConsent } from '../consents.ts';
import type { FieldSales } from './field-sales.ts';
import type { PharmacistConfirmation, RecordedBy } from './pharmacist-confirmation.ts';
import { columnAnswersOf, pharmacistOf, rowFromAnswers, type FieldPharmacy } from './pharmacy-row.ts';
import { fieldToday } from '#shared/visit-due.ts';

export interface PharmacyListQuery {
  page: number;
  q: string;
  callFlag: string;
  /** Only pharmacies whose latest call entry planned a visit for today (in Rome) or earlier. */
  due: boolean;
}

export type SaveResult = { ok: true; id: string } | { ok: false; conflict: 'place' } | { ok: false; captcha: 'reused' };

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The latest call entry's next visit, for each row of `field_pharmacies` named `p`. */
const latestNextVisit = sql`(select c.next_visit from ${callEntries} c where c.pharmacy_id = p.id order by c.at desc limit 1)`;

/** The save's refusal for a unique violation: the place is another pharmacy's, or the bot check's solution was used; null for any other error. */
function refusalOf(error: unknown): SaveResult | null {
  const dbError = databaseErrorOf(error);
  if (dbError?.code !== UNIQUE_VIOLATION) return null;
  if (dbError.constraint === 'field_pharmacies_place_id_unique') return { ok: false, conflict: 'place' };
  if (dbError.constraint === CAPTCHA_USED_CONSTRAINT) return { ok: false, captcha: 'reused' };
  return null;
}

/** The staff statements of the add-pharmacy form (recorded as the manager's own, issue 23). */
const STAFF_STATEMENTS = sectionOf('staff-statements').boxes ?? [];

export function createAreaManagerPharmacies(db: Database, fieldSales: FieldSales, confirmation: Pick<PharmacistConfirmation, 'askIfNew'>, now: () => Date) {
  return {
    async page(areaManagerId: string, query: PharmacyListQuery): Promise<AreaManagerPharmacyPage> {
      const where: SQL[] = [sql`p.area_manager_id = ${areaManagerId}`];
      if (query.q) where.push(sql`(p.name ilike ${likePattern(query.q)} or p.city ilike ${likePattern(query.q)})`);
      if (query.callFlag) where.push(sql`p.current_call_flag = ${query.callFlag}`);
      // Today is Rome's, as on the rep's list: the database's current_date is UTC's, a day behind after midnight in Italy.
      if (query.due) where.push(sql`${latestNextVisit} <= ${fieldToday(now())}::date`);
      const condition = sql.join(where, sql` and `);
      const offset = (Math.max(query.page, 1) - 1) * PHARMACY_PAGE_SIZE;
      // The page first (index on the manager, sorted by name), then the latest entry of those rows only.
      const [counted, listed] = await Promise.all([
        db.execute(sql`select count(*)::int as n from ${fieldPharmacies} p where ${condition}`),
        db.execute(sql`
          select page.id, page.name, page.full_address, page.city, page.current_call_flag, page.pharmacist_status, page.confirmed_at,
            (select c.next_visit from ${callEntries} c where c.pharmacy_id = page.id order by c.at desc limit 1) as next_visit,
            nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') as rep_name
          from (select p.id, p.name, p.full_address, p.city, p.current_call_flag, p.sales_rep_id, p.pharmacist_status, p.confirmed_at from ${fieldPharmacies} p
                where ${condition} order by p.name, p.id limit ${PHARMACY_PAGE_SIZE} offset ${offset}) page
          left join ${staffUsers} r on r.id = page.sales_rep_id and r.disabled_at is null
          order by page.name, page.id`),
      ]);
      type Row = {
        id: string;
        name: string;
        full_address: string;
        city: string | null;
        current_call_flag: string | null;
        next_visit: string | Date | null;
        rep_name: string | null;
        pharmacist_status: FieldPharmacy['pharmacistStatus'];
        confirmed_at: Date | null;
      };
      const data: AreaManagerPharmacyItem[] = rowsOf<Row>(listed).map((r) => ({
        id: r.id,
        pharmacyName: r.name,
        fullAddress: r.full_address,
        city: r.city,
        currentCallFlag: r.current_call_flag,
        repName: r.rep_name,
        nextVisit: r.next_visit instanceof Date ? r.next_visit.toISOString().slice(0, 10) : r.next_visit,
        pharmacist: pharmacistOf({ pharmacistStatus: r.pharmacist_status, confirmedAt: r.confirmed_at }),
      }));
      return { data, total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
    },

    async detail(row: FieldPharmacy): Promise<AreaManagerPharmacyDetail> {
      const base = await fieldSales.detail(row);
      // A disabled rep is no rep (issue 24): the view says so and the edit form asks for another.
      const rep = row.salesRepId
        ? await db
            .select({ firstName: staffUsers.firstName, lastName: staffUsers.lastName })
            .from(staffUsers)
            .where(and(eq(staffUsers.id, row.salesRepId), isNull(staffUsers.disabledAt)))
        : [];
      // The answers the columns hold, bar the flag (shown as currentCallFlag); what `answers` keeps is not this view's.
      const { callFlag: _callFlag, ...columns } = columnAnswersOf(row);
      if (!rep[0]) columns.salesRep = null;
      return {
        id: base.id,
        pharmacyName: base.pharmacyName,
        fullAddress: base.fullAddress,
        currentCallFlag: base.currentCallFlag,
        callHistory: base.callHistory,
        pharmacist: base.pharmacist,
        ...columns,
        repName: rep[0] ? `${rep[0].firstName} ${rep[0].lastName}` : null,
        areaManagerId: row.areaManagerId,
      };
    },

    /** Whether `repId` is an active rep of this manager. */
    async isRepOf(areaManagerId: string, repId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, repId), eq(staffUsers.role, 'sales_rep'), eq(staffUsers.areaManagerId, areaManagerId), isNull(staffUsers.disabledAt)));
      return Boolean(row);
    },

    /**
     * Screens 7 + 3 as one row. A verified bot-check solution (`extras.captcha`) is spent in the same
     * transaction, as `applications.save` spends it: a solution used before refuses the save. A
     * refused save spends nothing, so the manager may send the same solution with another place.
     */
    async create(areaManagerId: string, payload: Record<string, unknown>, extras: { captcha?: VerifiedCaptcha; recordedBy: RecordedBy }): Promise<SaveResult> {
      try {
        const id = await db.transaction(async (tx) => {
          // The id and time are set here so that the row and its export record are written at once.
          const row = {
            id: randomUUID(),
            createdAt: new Date(),
            areaManagerId,
            currentCallFlag: null,
            month: null,
            ...rowFromAnswers(FORMS['areamanager-pharmacy'], payload),
          };
          await tx.insert(fieldPharmacies).values({ ...row, ...exportColumnsOf(row) });
          if (extras.captcha) await tx.execute(captchaUsedInsert(extras.captcha));
          const { recordedBy } = extras;
          await recordConsent(tx, {
            fieldPharmacyId: row.id,
            givenBy: 'staff',
            staffUserId: recordedBy.userId,
            answers: payload,
            boxes: STAFF_STATEMENTS,
            country: 'it',
            language: recordedBy.language,
            at: row.createdAt,
          });
          // The pharmacist recorded is asked to confirm for themselves, by e-mail, in this transaction.
          await confirmation.askIfNew(tx, row.id, recordedBy);
          return row.id;
        });
        return { ok: true, id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    },

    /** The edit page's fields (details and rep); the other answers stay as they are. */
    async updateDetails(row: FieldPharmacy, payload: Record<string, unknown>): Promise<SaveResult> {
      const { answers, ...columns } = rowFromAnswers(FORMS['areamanager-pharmacy-edit'], payload);
      try {
        await db.transaction((tx) => updateFieldPharmacy(tx, row.id, (current) => ({ ...columns, answers: { ...current.answers, ...answers } })));
        return { ok: true, id: row.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    },
  };
}

export type AreaManagerPharmacies = ReturnType<typeof createAreaManagerPharmacies>;
