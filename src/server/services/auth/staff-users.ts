// Staff accounts: look-ups and the few changes the CLI and the main admin make.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { StaffLanguage, StaffRole } from '#shared/schemas/staff.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, type Queryable } from '../../db/client.ts';
import { staffSessions, staffUsers } from '../../db/schema.ts';
import { recordStaffChange, type ChangedBy } from '../activity-log.ts';

export type StaffUser = typeof staffUsers.$inferSelect;

export interface NewStaffUser {
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  areaManagerId?: string | null;
  language?: StaffLanguage;
}

const byEmail = (email: string) => sql`lower(${staffUsers.email}) = ${email.trim().toLowerCase()}`;

/** `now` dates the changes; a change told who made it (`by`) goes to the activity log (decision 0059). */
export function createStaffUsers(db: Queryable, now: () => Date = () => new Date()) {
  return {
    async findByEmail(email: string): Promise<StaffUser | null> {
      const [row] = await db.select().from(staffUsers).where(byEmail(email));
      return row ?? null;
    },

    async findById(id: string): Promise<StaffUser | null> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
      return row ?? null;
    },

    /** The new user's id, or 'duplicate' when the address is taken (whatever its letter case). */
    async add(user: NewStaffUser, by?: ChangedBy): Promise<{ id: string } | 'duplicate'> {
      let id: string;
      try {
        const [row] = await db
          .insert(staffUsers)
          .values({
            email: user.email.trim(),
            firstName: user.firstName,
            lastName: user.lastName,
            role: user.role,
            areaManagerId: user.areaManagerId ?? null,
            language: user.language ?? 'it',
          })
          .returning({ id: staffUsers.id });
        id = row!.id;
      } catch (error) {
        if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) return 'duplicate';
        throw error;
      }
      if (by) await recordStaffChange(db, { at: now(), action: 'added', staffUserId: id, actorId: by.actorId });
      return { id };
    },

    async list(): Promise<StaffUser[]> {
      return db.select().from(staffUsers).orderBy(asc(staffUsers.role), asc(staffUsers.lastName), asc(staffUsers.firstName));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUsers);
      return row?.n ?? 0;
    },

    /** Disables the account and ends its sessions at once. */
    async disable(email: string, by?: ChangedBy): Promise<boolean> {
      const at = now();
      const [row] = await db
        .update(staffUsers)
        .set({ disabledAt: at })
        .where(and(byEmail(email), isNull(staffUsers.disabledAt)))
        .returning({ id: staffUsers.id });
      if (!row) return false;
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.userId, row.id), isNull(staffSessions.revokedAt)));
      if (by) await recordStaffChange(db, { at, action: 'disabled', staffUserId: row.id, actorId: by.actorId });
      return true;
    },

    /** Lets a disabled account sign in again, with a new link: the sessions that disabling ended stay ended. */
    async enable(email: string, by?: ChangedBy): Promise<boolean> {
      const [row] = await db
        .update(staffUsers)
        .set({ disabledAt: null })
        .where(and(byEmail(email), isNotNull(staffUsers.disabledAt)))
        .returning({ id: staffUsers.id });
      if (row && by) await recordStaffChange(db, { at: now(), action: 'enabled', staffUserId: row.id, actorId: by.actorId });
      return Boolean(row);
    },
  };
}
