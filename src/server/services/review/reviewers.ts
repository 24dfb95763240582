// The main admin's reviewer accounts: list, add, disable (the console's `npm run staff` does the
// same); each change is written to the security log (auth_events) with who made it.
import { and, asc, eq } from 'drizzle-orm';
import type { ReviewerItem } from '#shared/schemas/review.ts';
import type { StaffLanguage } from '#shared/schemas/staff.ts';
import type { Database } from '../../db/client.ts';
import { authEvents, staffUsers } from '../../db/schema.ts';
import type { Actor } from '../auth/auth.ts';
import { createStaffUsers } from '../auth/staff-users.ts';

export function createReviewers(db: Database, now: () => Date) {
  const users = createStaffUsers(db, now);
  const record = (event: string, user: { id: string; email: string }, by: string, actor: Actor) =>
    db.insert(authEvents).values({ at: now(), event, email: user.email, userId: user.id, ip: actor.ip, userAgent: actor.userAgent?.slice(0, 500) ?? null, detail: `by ${by}` });

  return {
    async list(): Promise<ReviewerItem[]> {
      const rows = await db.select().from(staffUsers).where(eq(staffUsers.role, 'reviewer')).orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
      return rows.map((r) => ({ id: r.id, email: r.email, firstName: r.firstName, lastName: r.lastName, disabled: r.disabledAt !== null }));
    },

    async add(input: { email: string; firstName: string; lastName: string; language: StaffLanguage }, by: string, actor: Actor): Promise<{ id: string } | 'duplicate'> {
      const added = await users.add({ ...input, role: 'reviewer' }, { actorId: by });
      if (added !== 'duplicate') await record('reviewer_added', { id: added.id, email: input.email }, by, actor);
      return added;
    },

    /** False when there is no such reviewer (other roles are not disabled here). */
    async disable(id: string, by: string, actor: Actor): Promise<boolean> {
      const [user] = await db.select().from(staffUsers).where(and(eq(staffUsers.id, id), eq(staffUsers.role, 'reviewer')));
      if (!user) return false;
      if (user.disabledAt) return true;
      await users.disable(user.email, { actorId: by });
      await record('reviewer_disabled', user, by, actor);
      return true;
    },
  };
}

export type Reviewers = ReturnType<typeof createReviewers>;
