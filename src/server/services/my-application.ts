// The applicant's status link (issue 25 item 5): /my-application/{token}, e-mailed with the
// "application received" message. Only the token's SHA-256 is stored (applications.status_token_hash);
// the same token works across resubmissions and update links, until STATUS_LINK_DAYS_AFTER_DECISION
// days after a final decision. An erased application's link answers as an unknown one.
import { and, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import { decisionClock } from '#shared/decision-clock.ts';
import { isCountry, isLanguage } from '#shared/markets.ts';
import { STATUS_LINK_DAYS_AFTER_DECISION, type ApplicantStatus, type MyApplicationStatus } from '#shared/schemas/my-application.ts';
import type { Database } from '../db/client.ts';
import { applications, reviewAudit, reviewClaims } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 24 * 3600 * 1000;

/** A new status link's token and the hash the application keeps. */
export function newStatusToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** The stored status and what the applicant is told; `final`: the link's 30 days run from its decision. */
const DECIDED: Record<string, { shown: ApplicantStatus; final: boolean }> = {
  changes_requested: { shown: 'changes_requested', final: false },
  approved: { shown: 'approved', final: true },
  rejected: { shown: 'not_approved', final: true },
  deactivated: { shown: 'deactivated', final: true },
};

export function createMyApplication(db: Database, deps: { now: () => Date }) {
  return {
    /** Where the application of a status token stands; null for an unknown, expired or erased link. */
    async statusOf(token: string): Promise<MyApplicationStatus | null> {
      const [row] = await db
        .select({
          id: applications.id,
          status: applications.status,
          reference: applications.reference,
          country: applications.country,
          language: applications.language,
          submittedAt: applications.submittedAt,
          updatedAt: applications.updatedAt,
          listingId: applications.listingId,
        })
        .from(applications)
        .where(or(eq(applications.statusTokenHash, hashToken(token)), eq(applications.decisionStatusTokenHash, hashToken(token))));
      if (!row || row.status === 'erased') return null;
      const market = isCountry(row.country) ? row.country : undefined;
      const language = isLanguage(row.language) ? row.language : undefined;
      const base = { reference: row.reference, submittedAt: row.submittedAt.toISOString(), market, language };

      const decided = DECIDED[row.status];
      if (!decided) {
        const clock = market ? decisionClock(row.submittedAt, market, deps.now()) : null;
        return {
          ...base,
          status: (await reviewStarted(row.id, row.submittedAt)) ? 'in_review' : 'submitted',
          decidedAt: null,
          ...(clock ? { clock: { dueBy: clock.dueBy, supportAfter: clock.supportAfter, contactSupport: clock.contactSupport } } : {}),
        };
      }

      // The decision that led to the current status (the status is set in the same transaction as its audit row);
      // an internal note written later records the status it found, and is no decision.
      const [decision] = await db
        .select({ at: reviewAudit.at })
        .from(reviewAudit)
        .where(and(eq(reviewAudit.applicationId, row.id), eq(reviewAudit.toStatus, row.status), ne(reviewAudit.action, 'note')))
        .orderBy(desc(reviewAudit.at))
        .limit(1);
      const decidedAt = decision?.at ?? row.updatedAt;
      const expiresAt = decided.final ? new Date(decidedAt.getTime() + STATUS_LINK_DAYS_AFTER_DECISION * DAY_MS) : null;
      if (expiresAt && expiresAt <= deps.now()) return null;
      return {
        ...base,
        status: decided.shown,
        decidedAt: decidedAt.toISOString(),
        ...(expiresAt ? { linkExpiresAt: expiresAt.toISOString() } : {}),
        ...(row.status === 'approved' ? { listingId: row.listingId } : {}),
      };
    },
  };

  /** A reviewer has started on the current submission: claimed it, or written in its history since it came in. */
  async function reviewStarted(applicationId: string, submittedAt: Date): Promise<boolean> {
    const [claimed] = await db
      .select({ one: sql`1` })
      .from(reviewClaims)
      .where(and(eq(reviewClaims.applicationId, applicationId), gte(reviewClaims.claimedAt, submittedAt)))
      .limit(1);
    if (claimed) return true;
    const [noted] = await db
      .select({ one: sql`1` })
      .from(reviewAudit)
      .where(and(eq(reviewAudit.applicationId, applicationId), gte(reviewAudit.at, submittedAt), inArray(reviewAudit.action, ['note', 'claim'])))
      .limit(1);
    return Boolean(noted);
  }
}

export type MyApplication = ReturnType<typeof createMyApplication>;
