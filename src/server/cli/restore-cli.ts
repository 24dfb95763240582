// `npm run restore -- --from FILE` (scripts/restore.ts): a backup into an empty DATA_DIR (embedded)
// or an empty PostgreSQL database (DATABASE_URL). Refused, with nothing changed, when the backup
// does not fit this code or does not match its checksum (the file is read through once before
// anything is written), the target holds data, or something uses the target: on the embedded
// database a server or command holding its lock; on PostgreSQL another open session (a running
// server keeps its pool open), and a started server has always written rows (its first main admin,
// its keys), which the emptiness check refuses anyway. A row the database refuses is named by its
// table and place, with the database's reason and none of its values (db/backup/restore-error.ts).
// With STAFF_SECRET_KEY in its environment the second factors are re-sealed under it (the backup's
// generated staff key left out); without, they stay under the backup's key, and it says so.
// Then, before anything serves, the erasures of the erasure ledger (BACKUP_DIR, or --ledger FILE)
// made after the backup was taken are done again with the same code (docs/decisions/0050).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { carriesChecksum } from '../db/backup/format.ts';
import { BackupFileError, checkBackup, readBackup, type BackupReader } from '../db/backup/read-backup.ts';
import { analyzeDatabase } from '../services/embedded-upkeep.ts';
import { backupMigrationTag, refuseUnlessEmpty, restoreBackup, RestoreRefused, type Restored, type RestoreKeys } from '../db/backup/restore-backup.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from '../db/client.ts';
import { acquireDatabaseLock, describeHolder } from '../db/lock.ts';
import { migrateTo } from '../db/backup/migrate-to.ts';
import { journalEntries } from '../db/backup/tables.ts';
import { createDataRights } from '../services/data-rights.ts';
import { entriesAfter, LedgerError, ledgerFileIn, readLedger, reapplyErasures, type LedgerEntry } from '../services/erasure-ledger.ts';
import { eraseUnconfirmedPharmacist } from '../services/field-force/pharmacist-confirmation.ts';
import { deleteApplications } from '../services/retention.ts';
import { loadConfigFor } from './run.ts';
import type { CliOutput } from './staff-cli.ts';

const RESTORE_USAGE =
  'Usage: npm run restore -- --from FILE [--ledger LEDGER]   (into an empty DATA_DIR, or the empty database DATABASE_URL names; the erasure ledger is BACKUP_DIR/erasure-ledger.jsonl unless given; README "Backups")';

/** --from FILE and --ledger FILE, as the operator meant them (relative to where they ran npm); null having printed the usage. */
function restoreArguments(argv: string[], out: CliOutput): { from: string; ledger: string | null } | null {
  let values;
  try {
    values = parseArgs({ args: argv, options: { from: { type: 'string' }, ledger: { type: 'string' } } }).values;
  } catch (error) {
    out.error(`${(error as Error).message}\n${RESTORE_USAGE}`);
    return null;
  }
  if (!values.from || values.ledger === '') {
    out.error(RESTORE_USAGE);
    return null;
  }
  const operatorPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  return { from: operatorPath(values.from), ledger: values.ledger ? operatorPath(values.ledger) : null };
}

/** The erasures to re-apply: from --ledger, else BACKUP_DIR's ledger; null (said why) when there is none. */
function ledgerToReapply(ledger: string | null, config: Config, out: CliOutput): { file: string; entries: LedgerEntry[] } | null {
  const file = ledger ?? (config.backup.dir ? ledgerFileIn(config.backup.dir) : null);
  if (!file) {
    out.log('No BACKUP_DIR and no --ledger: no erasure ledger, so no erasures are re-applied.');
    return null;
  }
  const entries = readLedger(file);
  if (entries) return { file, entries };
  if (ledger) throw new LedgerError(`There is no erasure ledger ${file}; nothing was restored.`);
  out.log(`No erasure ledger at ${file}: nothing to re-apply.`);
  return null;
}

/** The ledger's erasures done again on the restored database, migrated first to this code's schema (the erasure code's). */
async function reapplyInto(database: DatabaseHandle, kind: 'pglite' | 'postgres', entries: LedgerEntry[], config: Config): Promise<number> {
  if (entries.length === 0) return 0;
  const { db } = database;
  await migrateTo(db, kind, journalEntries().at(-1)!.tag);
  const dataRights = createDataRights(db, { now: () => new Date(), mailDir: config.mail.dir });
  return reapplyErasures(db, entries, {
    eraseMailbox: async (mailbox) => void (await dataRights.eraseMailbox(mailbox)),
    deleteRejectedApplications: (ids) => db.transaction(async (tx) => void (await deleteApplications(tx, ids))),
    eraseUnconfirmedFieldPharmacist: async (id, number) => void (await eraseUnconfirmedPharmacist(db, id, config.mail.dir, number)),
  });
}

/** How the target is named to the operator (a PostgreSQL URL without its password). */
function describeTarget(config: Config): string {
  const target = config.database;
  if (target.kind === 'pglite') return `The embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  return `The PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
}

async function refuseOtherSessions(database: DatabaseHandle, target: string): Promise<void> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    ),
  );
  if (row && row.n > 0) {
    throw new RestoreRefused(
      `${target} has ${row.n} other open connection(s), so a server may be running on it; nothing was changed. Stop every server and tool using it, then restore.`,
    );
  }
}

async function restoreInto(
  database: DatabaseHandle,
  kind: 'pglite' | 'postgres',
  backup: BackupReader,
  target: string,
  keys: RestoreKeys,
  erasures: Erasures,
): Promise<Restored & { reapplied: number }> {
  if (kind === 'postgres') await refuseOtherSessions(database, target);
  await refuseUnlessEmpty(database.db, backup.header, target);
  const restored = await restoreBackup(database.db, kind, backup, target, keys);
  // Right after the restore's transaction, before any server can start on it (the lock, or the session check, holds).
  const reapplied = await reapplyInto(database, kind, erasures.entries, erasures.config);
  // A bulk load: plans need statistics before the first request (PGlite has no autovacuum to take them).
  await analyzeDatabase(database.db);
  return { ...restored, reapplied };
}

interface Erasures {
  entries: LedgerEntry[];
  config: Config;
}

/** What became of the second factors' key, in one line. */
function staffKeyLine({ staffKey }: Restored): string {
  if (staffKey.kind === 'resealed') {
    return (
      `Second factors: ${staffKey.resealed} re-sealed under the STAFF_SECRET_KEY given${staffKey.backupKeyLeftOut ? ", and the backup's generated staff key left out" : ''}; ` +
      'start every server with this STAFF_SECRET_KEY.'
    );
  }
  return staffKey.backupKey
    ? "No STAFF_SECRET_KEY is set, so the second factors stay sealed under the backup's generated staff key, restored into the database (production on PostgreSQL needs STAFF_SECRET_KEY: restore with it set)."
    : 'No STAFF_SECRET_KEY is set, so the second factors stay sealed under the key the backed-up site was given: start the servers with that STAFF_SECRET_KEY.';
}

async function restore(config: Config, backup: BackupReader, target: string, entries: LedgerEntry[]): Promise<Restored & { reapplied: number }> {
  const erasures: Erasures = { entries, config };
  const where = config.database;
  const keys: RestoreKeys = { staffSecretKey: config.staff.secretKey, previousStaffSecretKey: config.staff.previousSecretKey };
  if (where.kind === 'postgres') {
    const database = await openDatabase(config);
    try {
      return await restoreInto(database, 'postgres', backup, target, keys, erasures);
    } finally {
      await database.close();
    }
  }
  if (!where.dataDir)
    throw new RestoreRefused('DATABASE_URL is memory://: set DATA_DIR to the folder to restore into, or DATABASE_URL to a PostgreSQL database.');
  const attempt = acquireDatabaseLock(where.dataDir, 'command');
  if (!attempt.ok) {
    throw new RestoreRefused(
      `${describeHolder(attempt.holder, where.dataDir)} A restore needs an empty database that nothing uses; nothing was changed. Restore into another DATA_DIR, or stop it first.`,
    );
  }
  const release = () => attempt.lock.release();
  process.once('exit', release);
  const existed = existsSync(where.dataDir);
  let restored = false;
  try {
    const database = await openDatabase(config);
    try {
      const result = await restoreInto(database, 'pglite', backup, target, keys, erasures);
      restored = true;
      return result;
    } finally {
      await database.close();
    }
  } finally {
    // A database folder this restore created and could not fill is removed, so that it can be tried again.
    if (!existed && !restored) rmSync(where.dataDir, { recursive: true, force: true });
    release();
    process.off('exit', release);
  }
}

export async function runRestoreCommand(argv: string[], out: CliOutput, givenConfig?: Config): Promise<number> {
  const args = restoreArguments(argv, out);
  if (!args) return 2;
  const file = args.from;
  const config = givenConfig ?? loadConfigFor(out);
  if (!config) return 1;

  const target = describeTarget(config);
  try {
    // Read through once before the target is touched: a damaged or cut-short file is refused up front.
    const { header: checked } = await checkBackup(file);
    backupMigrationTag(checked);
    if (!carriesChecksum(checked)) {
      out.error(
        `Warning: ${file} is a backup of format version ${checked.version}, written before backups carried a checksum: its row counts and gzip's own check ` +
          'say it is complete, but nothing can say whether its content was changed. Restoring it (docs/decisions/0040).',
      );
    }
    // The ledger too: an unreadable line is refused before anything is written.
    const ledger = ledgerToReapply(args.ledger, config, out);
    const newer = ledger ? entriesAfter(ledger.entries, checked.createdAt) : [];
    const backup = await readBackup(file);
    const result = await restore(config, backup, target, newer);
    const { rows } = result;
    const rowCount = Object.values(rows).reduce((sum, n) => sum + n, 0);
    const { header } = backup;
    out.log(
      `Restored ${rowCount} rows in ${Object.keys(rows).length} tables from ${file} (taken ${header.createdAt} on ${header.source}, migration ${header.migration.tag}).`,
    );
    out.log(staffKeyLine(result));
    if (ledger) {
      out.log(
        `Erasures: ${result.reapplied} of the ${ledger.entries.length} entries of ${ledger.file} made after the backup was taken re-applied (docs/decisions/0050).`,
      );
    }
    out.log(`${target} is ready: start the server on it; it applies any newer migrations as it starts.`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof BackupFileError || error instanceof LedgerError) {
      out.error(`Restore refused: ${error.message}`);
      return 1;
    }
    out.error(`Restore failed, nothing was restored: ${(error as Error).message}`);
    return 1;
  }
}
