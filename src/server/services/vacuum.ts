// After an erasure (decision 0069): the old versions of the rewritten and deleted rows would otherwise
// keep the erased data in the database's files. On the embedded database (PGlite) the touched tables
// are rewritten (VACUUM FULL), analysed again and the statistics table rewritten (its most common
// values can be a name), then the write-ahead log is switched and checkpointed, so that the segments
// that still hold the old values are removed (wal_recycle is off: db/client.ts). On a realistic
// database this takes about 1.5 s, one statement at a time, so it runs right after the erasure. On
// PostgreSQL a plain VACUUM (no lock against readers or writers) runs now, and a daily job rewrites
// the tables when the day saw an erasure (erasureRewriteJob); the write-ahead log, its archives,
// replicas and backups are the operator's (decision 0069).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client.ts';
import { dataRightsEvents } from '../db/schema.ts';
import type { ScheduledJob } from './scheduled-jobs.ts';

/** Every table an erasure rewrites or deletes from (data-rights.ts, retention.ts, the field pharmacist's lapse). */
export const ERASED_FROM = [
  'applications',
  'field_pharmacies',
  'field_extra_pharmacists',
  'call_entries',
  'files',
  'file_contents',
  'mail_outbox',
  'drafts',
  'review_audit',
  'review_snapshots',
  'data_rights_links',
] as const;

const embedded = new WeakMap<Database, Promise<boolean>>();

/** Whether `db` is PGlite (its version names it), asked once per database. */
function isEmbedded(db: Database): Promise<boolean> {
  let known = embedded.get(db);
  if (!known) {
    known = db.execute(sql`select version() like '%PGlite%' as pglite`).then((result) => rowsOf<{ pglite: boolean }>(result)[0]?.pglite === true);
    embedded.set(db, known);
  }
  return known;
}

/** VACUUM FULL of each table, one statement each, so that requests take turns between them. */
async function rewrite(db: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`vacuum full ${sql.identifier(table)}`);
}

/** Runs after an erasure has committed; a failure is logged (the erasure stands), never thrown. */
export async function vacuum(db: Database, tables: readonly string[], log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  try {
    if (!(await isEmbedded(db))) {
      await db.execute(sql.raw(`vacuum ${tables.join(', ')}`));
      return;
    }
    await rewrite(db, tables);
    for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
    await rewrite(db, ['pg_statistic']);
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  } catch (error) {
    // The old versions go at the next erasure's clean-up (or the daily rewrite, on PostgreSQL).
    log?.warn({ err: error }, 'clean-up after an erasure failed');
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * PostgreSQL (main.ts): once a day, one server of the fleet rewrites the tables an erasure touches
 * (VACUUM FULL) when a data-rights erasure happened in the day before. Each rewrite locks its table
 * against readers for its length (about 0.6 s for 75 MB of photos, less for the others); the
 * statements go one at a time, so requests wait at most one table's rewrite.
 */
export function erasureRewriteJob(db: Database, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, now: () => Date = () => new Date()): ScheduledJob {
  return {
    name: 'erasure-rewrite',
    everyMs: DAY_MS,
    async run() {
      const since = new Date(now().getTime() - DAY_MS);
      const [erased] = await db
        .select({ at: dataRightsEvents.at })
        .from(dataRightsEvents)
        .where(and(eq(dataRightsEvents.event, 'erased'), gt(dataRightsEvents.at, since)))
        .limit(1);
      if (!erased) return;
      const started = performance.now();
      try {
        await rewrite(db, ERASED_FROM);
        log.info(
          { ms: Math.round(performance.now() - started), tables: ERASED_FROM.length },
          'rewrote the tables erasures touch, so that no old row version keeps erased data',
        );
      } catch (error) {
        log.warn({ err: error }, 'rewriting the tables erasures touch failed; the next day tries again');
      }
    },
  };
}
