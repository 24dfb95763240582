// The area manager's reps page (issue 24 item 4): each rep with their figures, disabling and
// enabling a rep, moving all of a rep's pharmacies to another, and the daily joins digest.
import * as z from 'zod/mini';
import { ErrorKey, UUID_PATTERN, UuidSchema } from './fields.ts';

/** One rep of the manager's, as the reps page lists them. Periods are in Europe/Rome time, weeks from Monday. */
export interface RepSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Disabled: cannot sign in, their sessions ended; their pharmacies show "no rep" until moved. */
  disabled: boolean;
  /** Pharmacies assigned to them now. */
  pharmacies: number;
  /** Call-history entries they recorded since Monday 00:00 and since the 1st of the month. */
  visitsThisWeek: number;
  visitsThisMonth: number;
  /** Pharmacies they recorded as joined (the joined_unify outcome) this month, each counted once, as the dashboard counts joins. */
  joinsThisMonth: number;
  /** Their latest call-history entry (ISO time), or null. */
  lastVisitAt: string | null;
}

/** GET /api/areamanager-get-rep-summaries?id= */
export interface RepSummaries {
  reps: RepSummary[];
  /** Whether this manager gets the daily e-mail of their reps' joins. */
  joinsDigest: boolean;
  /** Where "this week" and "this month" begin (ISO times), as counted. */
  weekStart: string;
  monthStart: string;
}

/** Disable or enable one rep's account. */
export const RepAccountRequestSchema = z.object({ repId: UuidSchema });

/** Every pharmacy of `fromRepId` goes to `toRepId`, another active rep of the same manager. */
export const MoveRepPharmaciesSchema = z.object({
  fromRepId: UuidSchema,
  /** The rep chosen in the page's list: nothing chosen is "choose one". */
  toRepId: z.string({ error: ErrorKey.choose }).check(z.regex(UUID_PATTERN, { error: ErrorKey.choose })),
});

export interface MoveRepPharmaciesAnswer {
  moved: number;
}

/** The manager's daily joins digest, on or off. */
export const JoinsDigestSettingSchema = z.object({ areaManagerId: UuidSchema, joinsDigest: z.boolean({ error: ErrorKey.invalid }) });
