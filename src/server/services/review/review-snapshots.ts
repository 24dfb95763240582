// What an application looked like when a reviewer asked for changes (issue 25 item 3): its answers,
// kept in `review_snapshots` by the decision's own transaction, so that the review desk can show
// what the applicant changed when they resubmit (resubmission-diff.ts). Personal data: exported
// and erased with the application (services/data-rights.ts).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** Keeps the application's answers as they are at a change request made `at` (called after its history entry is written). */
export async function keepAnswersAtChangeRequest(tx: Queryable, applicationId: string, at: Date): Promise<void> {
  await tx.execute(sql`insert into review_snapshots (application_id, audit_id, taken_at, answers)
    select a.id,
      (select r.id from review_audit r where r.application_id = a.id and r.action = 'request_changes' and r.at = ${at} limit 1),
      ${at}, a.answers
    from applications a where a.id = ${applicationId}`);
}
