// The area manager's reps (issue 24 item 4): each rep's figures, disabling and enabling a rep's
// account (through the staff accounts' own disable and enable, which `npm run staff` uses too, so
// a disabled rep's sessions end at once), moving all of a rep's pharmacies to another active rep
// of the same manager, and the manager's choice of the daily joins digest.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CALL_FLAG_JOINED_UNIFY } from '#shared/reference/call-flags.ts';
import type { RepSummaries, RepSummary } from '#shared/schemas/staff-reps.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { authEvents, callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import type { Actor } from '../auth/auth.ts';
import { createStaffUsers, type StaffUser } from '../auth/staff-users.ts';
import { recordStaffChange } from '../activity-log.ts';
import { weekAndMonthStart } from './rome-time.ts';

export function createFieldReps(db: Database, now: () => Date) {
  const users = createStaffUsers(db, now);
  const record = (event: string, rep: { id: string; email: string }, by: string, actor: Actor) =>
    db
      .insert(authEvents)
      .values({ at: now(), event, email: rep.email, userId: rep.id, ip: actor.ip, userAgent: actor.userAgent?.slice(0, 500) ?? null, detail: `by ${by}` });

  return {
    /** A rep's account as the access policy's `repAccount` kind needs it, disabled or not. */
    async repAccount(id: string): Promise<StaffUser | null> {
      const user = await users.findById(id);
      return user?.role === 'sales_rep' ? user : null;
    },

    /** Every rep of the manager (disabled ones too, so that they can be enabled), by name, with their figures. */
    async summaries(areaManager: Pick<StaffUser, 'id' | 'joinsDigest'>): Promise<RepSummaries> {
      const { weekStart, monthStart } = weekAndMonthStart(now());
      const since = weekStart < monthStart ? weekStart : monthStart;
      // Each figure from an index: the pharmacies by rep, the call entries by rep and time.
      const result = await db.execute(sql`
        select u.id, u.first_name, u.last_name, u.email, u.disabled_at,
          (select count(*)::int from ${fieldPharmacies} p where p.sales_rep_id = u.id and p.area_manager_id = ${areaManager.id}) as pharmacies,
          recent.week, recent.month, recent.joins,
          (select max(c.at) from ${callEntries} c where c.by_user_id = u.id) as last_visit_at
        from ${staffUsers} u
        cross join lateral (
          select count(*) filter (where c.at >= ${weekStart.toISOString()}::timestamptz)::int as week,
                 count(*) filter (where c.at >= ${monthStart.toISOString()}::timestamptz)::int as month,
                 count(distinct c.pharmacy_id) filter (where c.at >= ${monthStart.toISOString()}::timestamptz and c.call_flag = ${CALL_FLAG_JOINED_UNIFY})::int as joins
          from ${callEntries} c where c.by_user_id = u.id and c.at >= ${since.toISOString()}::timestamptz) recent
        where u.role = 'sales_rep' and u.area_manager_id = ${areaManager.id}
        order by lower(u.last_name), lower(u.first_name), u.id`);
      type Row = {
        id: string;
        first_name: string;
        last_name: string;
        email: string;
        disabled_at: Date | string | null;
        pharmacies: number;
        week: number;
        month: number;
        joins: number;
        last_visit_at: Date | string | null;
      };
      const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
      const reps: RepSummary[] = rowsOf<Row>(result).map((r) => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        disabled: r.disabled_at !== null,
        pharmacies: Number(r.pharmacies),
        visitsThisWeek: Number(r.week),
        visitsThisMonth: Number(r.month),
        joinsThisMonth: Number(r.joins),
        lastVisitAt: iso(r.last_visit_at),
      }));
      return { reps, joinsDigest: areaManager.joinsDigest, weekStart: weekStart.toISOString(), monthStart: monthStart.toISOString() };
    },

    /** Disables the rep; their sessions end at once (their next request is 401) and they cannot sign in. */
    async disable(rep: StaffUser, by: string, actor: Actor): Promise<void> {
      if (rep.disabledAt) return;
      if (await users.disable(rep.email, { actorId: by })) await record('rep_disabled', rep, by, actor);
    },

    /** Lets the rep sign in again (with a new link); the pharmacies still theirs are theirs again. */
    async enable(rep: StaffUser, by: string, actor: Actor): Promise<void> {
      if (!rep.disabledAt) return;
      if (await users.enable(rep.email, { actorId: by })) await record('rep_enabled', rep, by, actor);
    },

    /** Moves every pharmacy of `from` in the manager's area to `to`, recorded in the activity log with who did it; answers how many. */
    async moveAll(areaManagerId: string, fromRepId: string, toRepId: string, actorId: string): Promise<number> {
      // The rep's name is not part of a pharmacy's stored CSV record (export-lines.ts): the record stands.
      const moved = await db
        .update(fieldPharmacies)
        .set({ salesRepId: toRepId, updatedAt: now() })
        .where(and(eq(fieldPharmacies.areaManagerId, areaManagerId), eq(fieldPharmacies.salesRepId, fromRepId)))
        .returning({ id: fieldPharmacies.id });
      if (moved.length)
        await recordStaffChange(db, { at: now(), action: 'moved', staffUserId: fromRepId, actorId, toStaffUserId: toRepId, pharmacies: moved.length });
      return moved.length;
    },

    async setJoinsDigest(areaManagerId: string, on: boolean): Promise<void> {
      await db
        .update(staffUsers)
        .set({ joinsDigest: on })
        .where(and(eq(staffUsers.id, areaManagerId), eq(staffUsers.role, 'area_manager'), isNull(staffUsers.disabledAt)));
    },
  };
}

export type FieldReps = ReturnType<typeof createFieldReps>;
