// Backups that run themselves and prove they restore (issue 37 item 8, docs/decisions/0049). With
// BACKUP_DIR set, a scheduled job (scheduled-jobs.ts: one server of the fleet per turn) takes a
// backup every BACKUP_EVERY_HOURS, the way `npm run backup` does (db/backup/: FILE.part 0600 in a
// folder made 0700, read back through every check), restores it into a scratch in-memory database
// in a child process and counts its rows (db/backup/verify-backup.ts), then names it FILE, or
// FILE.unverified when it did not restore. Only verified files count among the BACKUP_KEEP kept;
// only files of this job's name pattern are ever deleted. Each run is a row of backup_runs, so
// every server of the fleet answers the last one in /readyz and /metrics.
import { readdirSync, renameSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { BackupPlaceError, checkPart, removeQuietly, ensureBackupFolder, openPart, totalRows } from '../db/backup/backup-file.ts';
import { verifyInChildProcess, type Verification } from '../db/backup/verify-backup.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import type { Database } from '../db/client.ts';
import { backupRuns } from '../db/schema.ts';
import { serializeError } from '../http/log-serializers.ts';
import type { ScheduledJob } from './scheduled-jobs.ts';

export const BACKUP_JOB = 'scheduled-backup';
const HOUR_MS = 3600_000;
/** The job's files, and only they, are ever deleted: `champions-scheduled-2026-11-27T030000.123Z.backup.gz`. */
const FILE_PATTERN = /^champions-scheduled-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.backup\.gz$/;
const UNVERIFIED = '.unverified';
const PART = '.part';
/** backup_runs keeps this many runs (a year of daily ones and more). */
const RUNS_KEPT = 1000;

/** The file a backup taken at `at` is written to: names sort as their times do. */
function backupFileName(at: Date): string {
  return `champions-scheduled-${at.toISOString().replace(/:/g, '')}.backup.gz`;
}

export type BackupRun = typeof backupRuns.$inferInsert;

export interface ScheduledBackupOptions {
  dir: string;
  keep: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The verification; a child process (verifyInChildProcess) unless a test gives another. */
  verify?: (file: string, signal: AbortSignal) => Promise<Verification>;
  /** Tests: called with FILE.part once it is written and checked, before it is verified. */
  beforeVerify?: (part: string) => void | Promise<void>;
}

/** A message for the run's row and the log: the error's own words without query parameters. */
function whyFailed(error: unknown): string {
  return serializeError(error).message.slice(0, 2000) || 'unknown error';
}

const ours = (dir: string, suffix = '') =>
  readdirSync(dir)
    .filter((name) => name.endsWith(suffix) && FILE_PATTERN.test(name.slice(0, name.length - suffix.length)))
    .sort();

/** Deletes all but the newest `keep` of the job's files ending in `suffix`; returns the deleted names. */
function keepNewest(dir: string, keep: number, suffix = ''): string[] {
  const names = ours(dir, suffix);
  const deleted = names.slice(0, Math.max(0, names.length - keep));
  for (const name of deleted) removeQuietly(path.join(dir, name));
  return deleted;
}

/**
 * One backup: written, checked, verified in a child process, named, the old ones deleted, the run
 * recorded. Never throws for a backup that failed (that is recorded and logged); null when `signal`
 * stopped it (the server is stopping: nothing is recorded, the turn is due again).
 */
export async function takeScheduledBackup(
  db: Database,
  options: ScheduledBackupOptions,
  signal: AbortSignal = new AbortController().signal,
): Promise<BackupRun | null> {
  const { dir, keep, log, now = () => new Date(), verify = (file, abort) => verifyInChildProcess(file, { signal: abort }), beforeVerify } = options;
  const startedAt = now();
  const name = backupFileName(startedAt);
  const file = path.join(dir, name);
  const part = `${file}${PART}`;
  const run: BackupRun = { startedAt, finishedAt: startedAt, host: hostname(), file: name, verified: false };
  let step = 'write';
  try {
    ensureBackupFolder(dir);
    // A part left by a run that died with its server is of no use to anyone.
    keepNewest(dir, 0, PART);
    const writing = Date.now();
    const destination = openPart(part);
    const cut = () => destination.destroy(new Error('the server is stopping'));
    signal.addEventListener('abort', cut, { once: true });
    try {
      await writeBackup(db, destination, startedAt);
    } finally {
      signal.removeEventListener('abort', cut);
    }
    const checked = await checkPart(part);
    run.writeMs = Date.now() - writing;
    run.bytes = checked.bytes;
    run.rows = totalRows(checked.rows);

    step = 'verify';
    await beforeVerify?.(part);
    const verifying = Date.now();
    const verification = await verify(part, signal);
    run.verifyMs = Date.now() - verifying;
    if (signal.aborted) throw new Error('the server is stopping');
    if (verification.ok) {
      renameSync(part, file);
      run.verified = true;
    } else {
      renameSync(part, `${file}${UNVERIFIED}`);
      run.file = `${name}${UNVERIFIED}`;
      run.error = `It does not restore: ${verification.error}`;
    }
  } catch (error) {
    removeQuietly(part);
    if (signal.aborted) {
      log.info({ backupDir: dir }, 'scheduled backup: stopped with the server; it is due again at the next turn');
      return null;
    }
    run.error =
      error instanceof BackupPlaceError ? `BACKUP_DIR: ${error.message}` : `${step === 'write' ? 'Not written' : 'Not verified'}: ${whyFailed(error)}`;
  }
  run.finishedAt = now();

  if (run.verified) {
    // Only verified files count among those kept, so failing runs never push the good ones out.
    const deleted = keepNewest(dir, keep);
    keepNewest(dir, 0, UNVERIFIED);
    log.info(
      { file, bytes: run.bytes, rows: run.rows, writeMs: run.writeMs, verifyMs: run.verifyMs, deleted: deleted.length },
      'scheduled backup written and verified: it restores',
    );
  } else {
    // The newest file that did not restore stays for a look; older ones go.
    if (run.file.endsWith(UNVERIFIED)) keepNewest(dir, 1, UNVERIFIED);
    log.error({ backupDir: dir, file: run.file }, `scheduled backup failed: ${run.error}`);
  }
  await recordRun(db, run);
  return run;
}

async function recordRun(db: Database, run: BackupRun): Promise<void> {
  await db.insert(backupRuns).values(run);
  const old = db.select({ id: backupRuns.id }).from(backupRuns).orderBy(desc(backupRuns.startedAt)).offset(RUNS_KEPT);
  await db.delete(backupRuns).where(inArray(backupRuns.id, old));
}

/** The scheduled job (main.ts starts it when BACKUP_DIR is set); stop() cuts a run in progress short. */
export function scheduledBackupJob(
  app: { services: { database: { db: Database } }; log: FastifyBaseLogger },
  config: Pick<Config, 'backup'>,
  options: Pick<ScheduledBackupOptions, 'now' | 'verify' | 'beforeVerify'> = {},
): ScheduledJob {
  const { dir, keep, everyHours } = config.backup;
  let current: AbortController | null = null;
  let stopped = false;
  const { db } = app.services.database;
  return {
    name: BACKUP_JOB,
    everyMs: everyHours * HOUR_MS,
    runAtStart: false,
    async run() {
      if (!dir || stopped) return;
      current = new AbortController();
      try {
        const run = await takeScheduledBackup(db, { dir, keep, log: app.log, ...options }, current.signal);
        // Cut short by a stop: the next turn, on any server, is at once rather than a period later.
        if (!run) await db.execute(sql`update scheduled_jobs set next_run_at = now() where name = ${BACKUP_JOB}`);
      } finally {
        current = null;
      }
    },
    stop() {
      stopped = true;
      current?.abort();
    },
  };
}

/** The last backup, as /readyz's detail.backup says it (README "Backups"). */
interface BackupDetail {
  /** When the last run took its backup, whether it restored, its file and the server whose BACKUP_DIR holds it. */
  lastAt: string | null;
  verified: boolean | null;
  file: string | null;
  host: string | null;
  error?: string;
  /** The newest backup that restored, and its age in hours. */
  lastVerifiedAt: string | null;
  ageHours: number | null;
  /** No backup restored within 2 × BACKUP_EVERY_HOURS (reported; the server stays ready). */
  stale: boolean;
}

export interface BackupStatus {
  /** null when this server takes no backups and none was ever recorded. */
  detail(): Promise<BackupDetail | null>;
  /** For /metrics: when the newest verified backup was taken, and whether the last run's restored (null: no run yet). */
  forMetrics(): Promise<{ succeededAt: Date | null; verified: boolean | null }>;
}

export function createBackupStatus(db: Database, config: Pick<Config, 'backup'>, now: () => Date = () => new Date()): BackupStatus {
  async function read() {
    const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    const [verified] = await db
      .select({ at: max(backupRuns.startedAt) })
      .from(backupRuns)
      .where(eq(backupRuns.verified, true));
    return { last: last ?? null, lastVerifiedAt: verified?.at ?? null };
  }
  return {
    async detail() {
      const { last, lastVerifiedAt } = await read();
      if (!last && !config.backup.dir) return null;
      const ageHours = lastVerifiedAt ? Math.round(((now().getTime() - lastVerifiedAt.getTime()) / HOUR_MS) * 10) / 10 : null;
      return {
        lastAt: last?.startedAt.toISOString() ?? null,
        verified: last?.verified ?? null,
        file: last?.file ?? null,
        host: last?.host ?? null,
        ...(last?.error ? { error: last.error } : {}),
        lastVerifiedAt: lastVerifiedAt?.toISOString() ?? null,
        ageHours,
        stale: last !== null && (ageHours === null || ageHours > 2 * config.backup.everyHours),
      };
    },
    async forMetrics() {
      const { last, lastVerifiedAt } = await read();
      return { succeededAt: lastVerifiedAt, verified: last?.verified ?? null };
    },
  };
}
