// "I am reviewing this" (issue 25): one claim per application in `review_claims`, so every server of
// a fleet sees the same one. A claim lasts while its holder acts on the application (claims it,
// opens it, writes a note): it lapses REVIEW_CLAIM_IDLE_MINUTES after the last of those, and ends
// at a decision (review-desk.ts deletes it in the decision's transaction).
import { and, eq, gt, sql } from 'drizzle-orm';
import { REVIEW_CLAIM_IDLE_MINUTES, type ReviewClaim } from '#shared/schemas/review.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { applications, reviewClaims, staffUsers } from '../../db/schema.ts';

const IDLE_MS = REVIEW_CLAIM_IDLE_MINUTES * 60 * 1000;

/** The oldest last action a live claim may have. */
export const claimCutoff = (now: Date) => new Date(now.getTime() - IDLE_MS);

/** The claimer's name of the application in the row being selected, while the claim lasts (for a list's columns). */
export const claimerNameOf = (now: Date) =>
  sql<
    string | null
  >`(select s.first_name || ' ' || s.last_name from ${reviewClaims} c join ${staffUsers} s on s.id = c.reviewer_id where c.application_id = ${applications.id} and c.last_action_at > ${claimCutoff(now)})`;

interface LiveClaim {
  reviewerId: string;
  name: string;
  claimedAt: Date;
  lastActionAt: Date;
}

/** The live claim on an application, or null (a lapsed row counts as none). */
export async function liveClaim(db: Queryable, applicationId: string, now: Date): Promise<LiveClaim | null> {
  const [row] = await db
    .select({
      reviewerId: reviewClaims.reviewerId,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
      claimedAt: reviewClaims.claimedAt,
      lastActionAt: reviewClaims.lastActionAt,
    })
    .from(reviewClaims)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewClaims.reviewerId))
    .where(and(eq(reviewClaims.applicationId, applicationId), gt(reviewClaims.lastActionAt, claimCutoff(now))));
  return row ? { reviewerId: row.reviewerId, name: `${row.firstName} ${row.lastName}`.trim(), claimedAt: row.claimedAt, lastActionAt: row.lastActionAt } : null;
}

export const claimView = (claim: LiveClaim, viewerId: string): ReviewClaim => ({
  by: claim.name,
  mine: claim.reviewerId === viewerId,
  since: claim.claimedAt.toISOString(),
  until: new Date(claim.lastActionAt.getTime() + IDLE_MS).toISOString(),
});

export type ClaimResult = { ok: true; claim: ReviewClaim } | { ok: false; claim: ReviewClaim };

export function createReviewClaims(db: Database, now: () => Date) {
  return {
    /** Claims the application for the reviewer; someone else's live claim is taken over only with `confirm`. */
    async claim(applicationId: string, reviewerId: string, confirm: boolean): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const at = now();
        // The application's row is the lock: two reviewers claiming at once take turns.
        await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)).for('update');
        const current = await liveClaim(tx, applicationId, at);
        if (current && current.reviewerId !== reviewerId && !confirm) return { ok: false as const, claim: claimView(current, reviewerId) };
        const keep = current?.reviewerId === reviewerId;
        const claimedAt = keep ? current.claimedAt : at;
        await tx
          .insert(reviewClaims)
          .values({ applicationId, reviewerId, claimedAt, lastActionAt: at })
          .onConflictDoUpdate({ target: reviewClaims.applicationId, set: { reviewerId, claimedAt, lastActionAt: at } });
        const mine = await liveClaim(tx, applicationId, at);
        return { ok: true as const, claim: claimView(mine!, reviewerId) };
      });
    },

    /** Ends the reviewer's own claim; anyone else's stays. */
    async release(applicationId: string, reviewerId: string): Promise<void> {
      await db.delete(reviewClaims).where(and(eq(reviewClaims.applicationId, applicationId), eq(reviewClaims.reviewerId, reviewerId)));
    },

    /** The reviewer acted on the application: their live claim, if they hold one, starts its idle time again. */
    async touch(applicationId: string, reviewerId: string): Promise<void> {
      const at = now();
      await db
        .update(reviewClaims)
        .set({ lastActionAt: at })
        .where(and(eq(reviewClaims.applicationId, applicationId), eq(reviewClaims.reviewerId, reviewerId), gt(reviewClaims.lastActionAt, claimCutoff(at))));
    },
  };
}

export type ReviewClaims = ReturnType<typeof createReviewClaims>;
