// The main admin's activity log (issue 23 item 5, decision 0020): each CSV export is recorded in
// csv_exports once its answer is over; decisions are the review desk's own audit rows
// (review_audit, written with the decision); API keys' changes (api_client_events); changes to staff
// accounts (staff_events, decision 0059, written by recordStaffChange). A page of the log merges
// them, newest first, with who did it; a decision's free-text reason is never read here.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityPage,
  type ActivityPerson,
  type CsvExportFormat,
  type ReportName,
  type StaffChangeAction,
} from '#shared/schemas/activity-log.ts';
import { TRANSITIONS, type ApplicationStatus, type Decision } from '#shared/schemas/review.ts';
import type { StaffRole } from '#shared/schemas/staff.ts';
import { isCountry, type Country } from '#shared/markets.ts';
import { rowsOf, type Database, type Queryable } from '../db/client.ts';
import { recordView, type ViewedRecord } from './access-log.ts';
import {
  apiClientEvents,
  apiClients,
  applications,
  csvExports,
  fieldPharmacies,
  recordViews,
  reportDownloads,
  reviewAudit,
  staffEvents,
  staffUsers,
} from '../db/schema.ts';

/** Who changed a staff account: a member of staff, or the console (null). */
export interface ChangedBy {
  actorId: string | null;
}

/** Records a change to a staff account (staff-users.ts, field-reps.ts), in the caller's transaction when it has one. */
export async function recordStaffChange(
  q: Queryable,
  change: {
    at: Date;
    action: StaffChangeAction;
    staffUserId: string;
    actorId: string | null;
    toStaffUserId?: string;
    pharmacies?: number;
    markets?: Country[];
  },
): Promise<void> {
  await q.insert(staffEvents).values(change);
}

/** The audit's actions that are decisions: not the applicant's own 'resubmit'. */
const DECISIONS = Object.keys(TRANSITIONS) as Decision[];
const isDecision = sql`a.action in (${sql.join(
  DECISIONS.map((d) => sql`${d}`),
  sql`, `,
)})`;

/** The log's tables, each with its alias and its own condition. */
const BRANCHES = [
  { table: csvExports, alias: 'e', where: null },
  { table: reviewAudit, alias: 'a', where: isDecision },
  { table: apiClientEvents, alias: 'k', where: null },
  { table: staffEvents, alias: 's', where: null },
  { table: reportDownloads, alias: 'd', where: null },
  { table: recordViews, alias: 'v', where: null },
] as const;

interface LogRow {
  kind: 'csvExport' | 'decision' | 'apiKey' | 'staffChange' | 'reportDownload' | 'recordView';
  id: string;
  at: Date | string;
  count: number | null;
  action: string | null;
  application_id: string | null;
  from_status: string | null;
  to_status: string | null;
  reference: string | null;
  client_name: string | null;
  key_prefix: string | null;
  by_first: string | null;
  by_last: string | null;
  by_role: StaffRole | null;
  person_first: string | null;
  person_last: string | null;
  person_role: StaffRole | null;
  to_first: string | null;
  to_last: string | null;
  to_role: StaffRole | null;
}

const person = (first: string | null, last: string | null, role: StaffRole | null): ActivityPerson | null =>
  first === null || role === null ? null : { name: `${first} ${last ?? ''}`.trim(), role };

function entryOf(row: LogRow): ActivityEntry {
  const base = { id: row.id, at: new Date(row.at).toISOString(), by: person(row.by_first, row.by_last, row.by_role) };
  if (row.kind === 'csvExport')
    return {
      ...base,
      kind: 'csvExport',
      rows: row.count ?? 0,
      areaManager: person(row.person_first, row.person_last, row.person_role),
      format: (row.action as CsvExportFormat | null) ?? null,
    };
  if (row.kind === 'recordView') {
    const record = row.action as ViewedRecord;
    // The record's id travels in to_status; its name (a field pharmacy's) in from_status.
    return { ...base, kind: 'recordView', record, recordId: row.to_status ?? '', label: (record === 'application' ? row.reference : row.from_status) ?? null };
  }
  if (row.kind === 'staffChange') {
    const action = row.action as StaffChangeAction;
    const staff = person(row.person_first, row.person_last, row.person_role);
    // A reviewer's markets as set travel in to_status, comma-separated (decision 0066).
    if (action === 'markets') return { ...base, kind: 'staffChange', action, staff, markets: (row.to_status ?? '').split(',').filter(isCountry) };
    return action === 'moved'
      ? { ...base, kind: 'staffChange', action, staff, to: person(row.to_first, row.to_last, row.to_role), pharmacies: row.count ?? 0 }
      : { ...base, kind: 'staffChange', action, staff };
  }
  if (row.kind === 'reportDownload')
    return { ...base, kind: 'reportDownload', report: row.action as ReportName, from: row.from_status, to: row.to_status, rows: row.count ?? 0 };
  if (row.kind === 'apiKey')
    return {
      ...base,
      kind: 'apiKey',
      action: row.action as 'issue' | 'rotate' | 'revoke',
      client: { name: row.client_name ?? '', keyPrefix: row.key_prefix ?? '' },
    };
  return {
    ...base,
    kind: 'decision',
    decision: row.action as Decision,
    applicationId: row.application_id,
    reference: row.reference,
    fromStatus: row.from_status as ApplicationStatus | null,
    toStatus: row.to_status as ApplicationStatus,
  };
}

export interface ActivityLogOptions {
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void };
}

export function createActivityLog(db: Database, { now, log }: ActivityLogOptions) {
  const background = new Set<Promise<unknown>>();

  return {
    /** Records one CSV export (who, whose pharmacies, the data rows sent) without holding up the answer; a failure is logged. */
    recordCsvExport(entry: {
      actorId: string;
      actorRole: StaffRole;
      areaManagerId: string;
      rows: number;
      format: 'machine' | 'readable';
      fieldPharmacyIds: string[];
    }): void {
      const writing = db
        .insert(csvExports)
        .values({ at: now(), ...entry })
        .then(
          () => undefined,
          (error: unknown) =>
            log?.error({ err: error, actorId: entry.actorId, areaManagerId: entry.areaManagerId, rows: entry.rows }, 'CSV export not recorded'),
        );
      background.add(writing);
      void writing.finally(() => background.delete(writing));
    },

    /** A member of staff opened a person's record (issue 42 item 5): written before the record is answered. */
    async recordView(view: { actorId: string; actorRole: StaffRole; record: ViewedRecord; recordId: string }): Promise<void> {
      await recordView(db, { at: now(), ...view });
    },

    /** Resolves when every export recorded so far is written (tests, shutdown). */
    async settled() {
      await Promise.allSettled([...background]);
    },

    /** Records a download of the programme report or of this log (issue 41 items 3 and 4), before the file is sent. */
    async recordDownload(entry: { actorId: string; report: ReportName; from: string | null; to: string | null; rows: number }): Promise<void> {
      await db
        .insert(reportDownloads)
        .values({ at: now(), actorId: entry.actorId, report: entry.report, fromDay: entry.from, toDay: entry.to, rows: entry.rows });
    },

    /**
     * One page, newest first. Each table gives at most its newest `page x size` rows (csv_exports
     * by its index on `at`), so the merge sorts no more than two pages' worth per page read.
     */
    async page(page: number): Promise<ActivityPage> {
      const upTo = page * ACTIVITY_PAGE_SIZE;
      const rows = await readEntries(sql`true`, sql`limit ${upTo}`, sql`limit ${ACTIVITY_PAGE_SIZE} offset ${upTo - ACTIVITY_PAGE_SIZE}`);
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select ${sql.join(
            BRANCHES.map(({ table, alias, where }) => sql`(select count(*) from ${table} ${sql.raw(alias)}${where ? sql` where ${where}` : sql``})::int`),
            sql` + `,
          )} as n`,
        ),
      );
      return { items: rows.map(entryOf), total: Number(counted?.n ?? 0), page, pageSize: ACTIVITY_PAGE_SIZE };
    },

    /** Every entry from `from` to `to` (YYYY-MM-DD, UTC days, both included), newest first: the audit export (issue 41 item 4). */
    async between(from: string, to: string): Promise<ActivityEntry[]> {
      const within = (alias: string) =>
        sql`${sql.raw(alias)}.at >= ${from}::date::timestamp at time zone 'UTC' and ${sql.raw(alias)}.at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
      return (await readEntries(within, sql``, sql``)).map(entryOf);
    },
  };

  /** The log's entries, newest first: each branch filtered by `where` (on its alias) and cut by `branchLimit`, the merge cut by `limit`. */
  async function readEntries(where: SQL | ((alias: string) => SQL), branchLimit: SQL, limit: SQL): Promise<LogRow[]> {
    const condition = (alias: string, own: SQL | null) => {
      const time = typeof where === 'function' ? where(alias) : where;
      return own ? sql`${own} and ${time}` : time;
    };
    const branch = (alias: string, columns: SQL, table: (typeof BRANCHES)[number]) =>
      sql`(select ${columns} from ${table.table} ${sql.raw(alias)} where ${condition(alias, table.where)} order by ${sql.raw(alias)}.at desc, ${sql.raw(alias)}.id desc ${branchLimit})`;
    const [exports, decisions, keys, staff, downloads, views] = BRANCHES;
    return rowsOf<LogRow>(
      await db.execute(sql`
        with entries as (
          -- person_id: whose pharmacies were exported, or whose account changed; count: the rows
          -- exported, or the pharmacies moved; to_person_id: the rep who now has them. A download's
          -- days travel in from_status and to_status.
          ${branch(
            'e',
            sql`'csvExport'::text as kind, e.id, e.at, e.actor_id, e.area_manager_id as person_id, e.rows as count, null::uuid as to_person_id,
                  e.format as action, null::uuid as application_id, null::text as from_status, null::text as to_status`,
            exports!,
          )}
          union all
          ${branch(
            'a',
            sql`'decision'::text, a.id, a.at, a.actor_id, null::uuid, null::integer, null::uuid,
                  a.action, a.application_id, a.from_status, a.to_status`,
            decisions!,
          )}
          union all
          ${branch(
            'k',
            sql`'apiKey'::text, k.id, k.at, k.actor_id, null::uuid, null::integer, null::uuid,
                  k.action, null::uuid, null::text, null::text`,
            keys!,
          )}
          union all
          ${branch(
            's',
            sql`'staffChange'::text, s.id, s.at, s.actor_id, s.staff_user_id, s.pharmacies, s.to_staff_user_id,
                  s.action, null::uuid, null::text, array_to_string(s.markets, ',')`,
            staff!,
          )}
          union all
          ${branch(
            'd',
            sql`'reportDownload'::text, d.id, d.at, d.actor_id, null::uuid, d.rows, null::uuid,
                  d.report, null::uuid, d.from_day::text, d.to_day::text`,
            downloads!,
          )}
          union all
          ${branch(
            'v',
            sql`'recordView'::text, v.id, v.at, v.actor_id, null::uuid, null::integer, null::uuid,
                  v.record, case when v.record = 'application' then v.record_id end,
                  (select fp.name from ${fieldPharmacies} fp where v.record = 'fieldPharmacy' and fp.id = v.record_id), v.record_id::text`,
            views!,
          )}
        )
        select entries.kind, entries.id, entries.at, entries.count, entries.action, entries.application_id, entries.from_status, entries.to_status,
               app.reference, client.name as client_name, client.key_prefix,
               actor.first_name as by_first, actor.last_name as by_last, actor.role as by_role,
               subject.first_name as person_first, subject.last_name as person_last, subject.role as person_role,
               moved_to.first_name as to_first, moved_to.last_name as to_last, moved_to.role as to_role
        from entries
        left join ${staffUsers} actor on actor.id = entries.actor_id
        left join ${staffUsers} subject on subject.id = entries.person_id
        left join ${staffUsers} moved_to on moved_to.id = entries.to_person_id
        left join ${applications} app on app.id = entries.application_id
        left join ${apiClientEvents} event on entries.kind = 'apiKey' and event.id = entries.id
        left join ${apiClients} client on client.id = event.client_id
        order by entries.at desc, entries.id desc
        ${limit}`),
    );
  }
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
