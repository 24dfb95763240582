// PGlite has no autovacuum (issue 26): without this the embedded database never reclaims the dead
// rows of its busiest tables nor refreshes the statistics its plans rely on. On PGlite only, the
// hourly upkeep tidies the churned tables after its purges and a daily job analyses every table;
// PostgreSQL's autovacuum does both there. A restore analyses on either.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../db/client.ts';
import type { ScheduledJob } from './scheduled-jobs.ts';

/** The tables with churn: rows written on most requests, or purged every hour. */
export const CHURNED_TABLES = [
  'staff_sessions',
  'sign_in_links',
  'rate_limit_hits',
  'idempotent_requests',
  'mail_outbox',
  'drafts',
  'captcha_used',
  'daily_quota',
  'scheduled_jobs',
  'review_claims',
] as const;

/**
 * A plain VACUUM (no lock against readers or writers) of each churned table, then ANALYZE of it.
 * One statement per table, so requests take turns between them: on PGlite a statement holds the
 * only connection. Returns the time it took.
 */
export async function tidyChurnedTables(db: Database, log: Pick<FastifyBaseLogger, 'info'>): Promise<number> {
  const started = performance.now();
  for (const table of CHURNED_TABLES) {
    await db.execute(sql`vacuum ${sql.identifier(table)}`);
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  const ms = Math.round(performance.now() - started);
  log.info({ ms, tables: CHURNED_TABLES.length }, 'embedded database: vacuumed and analysed the churned tables');
  return ms;
}

/** The tables of the database, for an ANALYZE of each. */
async function tablesOf(db: Database): Promise<string[]> {
  return rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map(
    (t) => t.name,
  );
}

/**
 * ANALYZE of every table, one statement each: after a bulk change (a restore) and once a day, so
 * that plans follow the data (a table of 60,000 visits takes about 0.25 s on PGlite).
 */
export async function analyzeDatabase(db: Database): Promise<void> {
  for (const table of await tablesOf(db)) await db.execute(sql`analyze ${sql.identifier(table)}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily ANALYZE of the embedded database, a scheduled job (PGlite only: main.ts). */
export function embeddedAnalyzeJob(db: Database, log: Pick<FastifyBaseLogger, 'info'>): ScheduledJob {
  return {
    name: 'embedded-analyze',
    everyMs: DAY_MS,
    async run() {
      const started = performance.now();
      await analyzeDatabase(db);
      log.info({ ms: Math.round(performance.now() - started) }, 'embedded database: analysed every table');
    },
  };
}
