// The review desk's checks on one application (issue 25 items 3 and 4), answered together:
// GET /api/review/applications/{id}/checks.
import { eq } from 'drizzle-orm';
import { isCountry } from '#shared/markets.ts';
import type { ReviewChecks } from '#shared/schemas/review-checks.ts';
import type { Database } from '../../db/client.ts';
import { applications } from '../../db/schema.ts';
import { duplicatesOf } from './duplicates.ts';
import { registerLinkFor, type RegisterUrls } from './register-links.ts';
import { changesSinceRequest, type FieldsOf } from './resubmission-diff.ts';

export function createReviewChecks(db: Database, options: { registerUrls: RegisterUrls; fieldsOf: FieldsOf }) {
  return {
    /** null: no such application. */
    async of(applicationId: string): Promise<ReviewChecks | null> {
      const [row] = await db
        .select({
          status: applications.status,
          market: applications.country,
          registrationNumber: applications.registrationNumber,
          registrationBody: applications.registrationBody,
        })
        .from(applications)
        .where(eq(applications.id, applicationId));
      if (!row) return null;
      // An erased application keeps nothing to compare, to search for or to link.
      if (row.status === 'erased') return { changes: null, duplicates: [], registerLink: null };
      const [changes, duplicates] = await Promise.all([changesSinceRequest(db, applicationId, options.fieldsOf), duplicatesOf(db, applicationId)]);
      const registerLink = isCountry(row.market)
        ? registerLinkFor(options.registerUrls, { market: row.market, registrationNumber: row.registrationNumber, registrationBody: row.registrationBody })
        : null;
      return { changes, duplicates, registerLink };
    },
  };
}

export type ReviewChecksService = ReturnType<typeof createReviewChecks>;
