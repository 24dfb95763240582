// The retention job (issue #13 item 6): rejected applications are deleted with their files a
// configurable number of months after the decision (RETENTION_REJECTED_MONTHS; the decision is
// the application's last change, updated_at), drafts nobody finished 30 days after they were
// started, and the access entries (who opened or exported whose record) after
// RETENTION_ACCESS_LOG_MONTHS (issue 42). Run with the other purges (main.ts); `now` is explicit so that tests move the clock.
import { and, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { ERASED_REASON } from '#shared/schemas/review.ts';
import { applications, drafts, files, reviewAudit } from '../db/schema.ts';
import { PERSONAL_COLUMNS } from '../privacy/data-map.ts';
import { purgeAccessLog } from './access-log.ts';
import { recordErasure } from './erasure-ledger.ts';
import { vacuum } from './vacuum.ts';

/** A period in days the data map gives a column (issue 42 item 3: the retention jobs read their periods from the map). */
function mappedDays(table: string, column: string): number {
  const rule = PERSONAL_COLUMNS.find((mapped) => mapped.table === table && mapped.column === column)?.retention;
  if (!rule || !('fixed' in rule) || rule.fixed.unit !== 'days') throw new Error(`The data map gives ${table}.${column} no period in days.`);
  return rule.fixed.amount;
}

export const ABANDONED_DRAFT_DAYS = mappedDays('drafts', 'data');
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
  /** RETENTION_ACCESS_LOG_MONTHS: who opened or exported whose record (access-log.ts); absent: kept. */
  accessLogMonths?: number;
  /** BACKUP_DIR: the deleted applications are recorded in its erasure ledger (erasure-ledger.ts); null = not recorded. */
  ledgerDir?: string | null;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * In the caller's transaction: the applications, their files' rows and (cascading from those) their
 * bytes; answers the files deleted. The history's entries stay (their application id set null), but
 * their reasons and internal notes, free text that can name the applicant, are erased.
 */
export async function deleteApplications(tx: Transaction, ids: string[]): Promise<number> {
  // As the data-rights erasure does (data-rights.ts).
  await tx
    .update(reviewAudit)
    .set({ reason: ERASED_REASON })
    .where(and(inArray(reviewAudit.applicationId, ids), isNotNull(reviewAudit.reason), ne(reviewAudit.reason, '')));
  await tx
    .update(reviewAudit)
    .set({ internalNote: ERASED_REASON })
    .where(and(inArray(reviewAudit.applicationId, ids), isNotNull(reviewAudit.internalNote)));
  const gone = await tx.delete(files).where(inArray(files.applicationId, ids)).returning({ id: files.id });
  await tx.delete(applications).where(inArray(applications.id, ids));
  return gone.length;
}

export interface RetentionResult {
  applications: number;
  files: number;
  drafts: number;
  /** Access entries deleted and exports' lists of people emptied. */
  accessEntries: number;
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
  if (recorded.length) await vacuum(db, ['applications', 'files', 'file_contents', 'review_audit', 'review_snapshots'], options.log);

  // A draft's temp photo is then no longer kept: purgeTempPhotos deletes it on its next run.
  const abandoned = await db
    .delete(drafts)
    .where(lt(drafts.createdAt, new Date(now.getTime() - ABANDONED_DRAFT_DAYS * DAY_MS)))
    .returning({ id: drafts.id });
  const accessEntries = options.accessLogMonths ? await purgeAccessLog(db, monthsBefore(now, options.accessLogMonths)) : 0;
  return { ...removed, drafts: abandoned.length, accessEntries };
}
