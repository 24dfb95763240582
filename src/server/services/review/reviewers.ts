// The main admin's reviewer accounts: list, add, disable (the console's `npm run staff` does the
// same); each change is written to the security log (auth_events) with who made it. Issue 41 item 2
// (decision 0066): the markets each reviewer reviews (none: every market), and their workload.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { MARKETS, type Country } from '#shared/markets.ts';
import { TRANSITIONS, type ReviewerItem } from '#shared/schemas/review.ts';
import type { ReviewerMarketsRecord, WorkloadAnswer } from '#shared/schemas/reviewer-markets.ts';
import type { StaffLanguage } from '#shared/schemas/staff.ts';
import { rowsOf, type Database, type Queryable } from '../../db/client.ts';
import { authEvents, reviewAudit, reviewClaims, staffUsers } from '../../db/schema.ts';
import { recordStaffChange } from '../activity-log.ts';
import type { Actor } from '../auth/auth.ts';
import { createStaffUsers } from '../auth/staff-users.ts';
import { claimCutoff } from './review-claims.ts';

/** A reviewer reviews a market when it is one of theirs, or when they have none set (every market). */
const reviewsMarket = (market: Country) => sql`(cardinality(${staffUsers.reviewMarkets}) = 0 or ${market} = any(${staffUsers.reviewMarkets}))`;

/** The active reviewers who review `market` (for mails to a market's reviewers). */
export async function reviewersOfMarket(db: Queryable, market: Country) {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email, firstName: staffUsers.firstName, lastName: staffUsers.lastName, language: staffUsers.language })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'reviewer'), isNull(staffUsers.disabledAt), reviewsMarket(market)))
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
}

const DECISIONS = Object.keys(TRANSITIONS);

/** `homeMarket`: the operator's default market, whose time zone the workload's week is counted in. */
export function createReviewers(db: Database, now: () => Date, homeMarket: Country = 'uk') {
  const users = createStaffUsers(db, now);
  const record = (event: string, user: { id: string; email: string }, by: string, actor: Actor) =>
    db
      .insert(authEvents)
      .values({ at: now(), event, email: user.email, userId: user.id, ip: actor.ip, userAgent: actor.userAgent?.slice(0, 500) ?? null, detail: `by ${by}` });

  return {
    async list(): Promise<ReviewerItem[]> {
      const rows = await db.select().from(staffUsers).where(eq(staffUsers.role, 'reviewer')).orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        disabled: r.disabledAt !== null,
        markets: r.reviewMarkets,
      }));
    },

    /** One reviewer's markets, the record the form opens on; null when there is no such reviewer. */
    async markets(id: string): Promise<ReviewerMarketsRecord | null> {
      const [user] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, id), eq(staffUsers.role, 'reviewer')));
      return user ? { reviewerId: user.id, firstName: user.firstName, lastName: user.lastName, markets: user.reviewMarkets } : null;
    },

    /** Sets a reviewer's markets (none: every market), recorded in the activity log when they change; false when there is no such reviewer. */
    async setMarkets(id: string, markets: Country[], by: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ markets: staffUsers.reviewMarkets })
          .from(staffUsers)
          .where(and(eq(staffUsers.id, id), eq(staffUsers.role, 'reviewer')))
          .for('update');
        if (!user) return false;
        if (user.markets.length === markets.length && user.markets.every((m) => markets.includes(m))) return true;
        await tx.update(staffUsers).set({ reviewMarkets: markets }).where(eq(staffUsers.id, id));
        await recordStaffChange(tx, { at: now(), action: 'markets', staffUserId: id, actorId: by, markets });
        return true;
      });
    },

    /** Per reviewer: the applications they hold a live claim on, and their decisions since Monday 00:00 in the home market's time zone. */
    async workload(): Promise<WorkloadAnswer> {
      const at = now();
      const zone = MARKETS[homeMarket].timeZone;
      const [week] = rowsOf<{ start: Date | string }>(
        await db.execute(sql`select date_trunc('week', ${at.toISOString()}::timestamptz at time zone ${zone}) at time zone ${zone} as start`),
      );
      const weekStart = new Date(week!.start);
      // The outer table by name: drizzle writes a column of the selected table unqualified, which review_audit's own id would take.
      const openClaims = sql<number>`(select count(*)::int from ${reviewClaims} c where c.reviewer_id = ${staffUsers}.id and c.last_action_at > ${claimCutoff(at)})`;
      const decisions = sql<number>`(select count(*)::int from ${reviewAudit} a where a.actor_id = ${staffUsers}.id and a.at >= ${weekStart} and a.at <= ${at} and a.action in (${sql.join(
        DECISIONS.map((d) => sql`${d}`),
        sql`, `,
      )}))`;
      const rows = await db
        .select({
          id: staffUsers.id,
          firstName: staffUsers.firstName,
          lastName: staffUsers.lastName,
          disabledAt: staffUsers.disabledAt,
          markets: staffUsers.reviewMarkets,
          openClaims,
          decisions,
        })
        .from(staffUsers)
        .where(eq(staffUsers.role, 'reviewer'))
        .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
      return {
        weekStart: weekStart.toISOString(),
        timeZone: zone,
        reviewers: rows.map((r) => ({
          id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          disabled: r.disabledAt !== null,
          markets: r.markets,
          openClaims: Number(r.openClaims),
          decisionsThisWeek: Number(r.decisions),
        })),
      };
    },

    async add(
      input: { email: string; firstName: string; lastName: string; language: StaffLanguage },
      by: string,
      actor: Actor,
    ): Promise<{ id: string } | 'duplicate'> {
      const added = await users.add({ ...input, role: 'reviewer' }, { actorId: by });
      if (added !== 'duplicate') await record('reviewer_added', { id: added.id, email: input.email }, by, actor);
      return added;
    },

    /** False when there is no such reviewer (other roles are not disabled here). */
    async disable(id: string, by: string, actor: Actor): Promise<boolean> {
      const [user] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, id), eq(staffUsers.role, 'reviewer')));
      if (!user) return false;
      if (user.disabledAt) return true;
      await users.disable(user.email, { actorId: by });
      await record('reviewer_disabled', user, by, actor);
      return true;
    },
  };
}

export type Reviewers = ReturnType<typeof createReviewers>;
