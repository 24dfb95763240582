// The retention job (issue #13 item 6): rejected applications are deleted with their files a
// configurable number of months after the decision (RETENTION_REJECTED_MONTHS; the decision is
// the application's last change, updated_at), and drafts nobody finished 30 days after they were
// started. Run with the other purges (main.ts); `now` is explicit so that tests move the clock.
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { applications, drafts, files } from '../db/schema.ts';
import { recordErasure } from './erasure-ledger.ts';

export const ABANDONED_DRAFT_DAYS = 30;
const DAY_MS = 24 * 3600_000;

/** `now` minus whole calendar months (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface RetentionOptions {
  now?: Date;
  rejectedMonths: number;
  /** BACKUP_DIR: the deleted applications are recorded in its erasure ledger (erasure-ledger.ts); null = not recorded. */
  ledgerDir?: string | null;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** In the caller's transaction: the applications, their files' rows and (cascading from those) their bytes; answers the files deleted. */
export async function deleteApplications(tx: Transaction, ids: string[]): Promise<number> {
  const gone = await tx.delete(files).where(inArray(files.applicationId, ids)).returning({ id: files.id });
  await tx.delete(applications).where(inArray(applications.id, ids));
  return gone.length;
}

export interface RetentionResult {
  applications: number;
  files: number;
  drafts: number;
}

export async function applyRetention(db: Database, options: RetentionOptions): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const cutoff = monthsBefore(now, options.rejectedMonths);
  let recorded: string[] = [];
  // One transaction: the applications, their files' rows and (cascading from those) their bytes.
  const removed = await db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.status, 'rejected'), lt(applications.updatedAt, cutoff)))
      .for('update', { skipLocked: true });
    if (!expired.length) return { applications: 0, files: 0 };
    const ids = expired.map((row) => row.id);
    const filesGone = await deleteApplications(tx, ids);
    recorded = ids;
    return { applications: ids.length, files: filesGone };
  });
  recordErasure(options.ledgerDir, { at: now, kind: 'retention-rejected', mailboxes: [], applications: recorded, fieldPharmacies: [] }, options.log);

  // A draft's temp photo is then no longer kept: purgeTempPhotos deletes it on its next run.
  const abandoned = await db
    .delete(drafts)
    .where(lt(drafts.createdAt, new Date(now.getTime() - ABANDONED_DRAFT_DAYS * DAY_MS)))
    .returning({ id: drafts.id });
  return { ...removed, drafts: abandoned.length };
}
