// Restores a backup (format.ts) into an empty database: checks that the backup fits this code and
// the target is empty, migrates the target to the backup's migration, then inserts every table's
// rows in one transaction and checks the counts. Any refusal or failure leaves the data as it was.
// A statement the database refuses is reported by table, rows and reason, never with its values
// (restore-error.ts); the file's end line, checksum included, is checked before the commit.
// Given a STAFF_SECRET_KEY, the same transaction re-seals the second factors under it and leaves the
// backup's generated staff key out (services/auth/staff-key.ts, docs/decisions/0046).
import { sql } from 'drizzle-orm';
import { sealRestoredSecrets, SecretsUnreadable, type RestoredStaffKey } from '../../services/auth/staff-key.ts';
import { rowsOf, type Database, type Transaction } from '../client.ts';
import type { BackupHeader } from './format.ts';
import { migrateTo } from './migrate-to.ts';
import type { BackupReader } from './read-backup.ts';
import { explained } from './restore-error.ts';
import { backedUpTables, journalEntries, migrationLevel, tablesHoldingRows, type BackedUpTable } from './tables.ts';

/** A restore this target or this code cannot take; nothing was changed. */
export class RestoreRefused extends Error {}

/** Rows sent in one INSERT, and the most characters of JSON (a file row is twice its size in hex). */
const ROWS_PER_INSERT = 500;
const CHARS_PER_INSERT = 16 * 1024 * 1024;

/** The backup's migration, as this code's journal names it; refused when the code does not know it. */
export function backupMigrationTag(header: BackupHeader): string {
  const journal = journalEntries();
  const entry = journal.find((e) => e.when === header.migration.createdAt);
  if (entry) return entry.tag;
  const newest = journal.at(-1)!;
  if (header.migration.createdAt > newest.when) {
    throw new RestoreRefused(
      `The backup was taken at migration ${header.migration.tag ?? header.migration.createdAt}, newer than this code (${newest.tag}). ` +
        'Restore it with the version of the product that took it, or a newer one.',
    );
  }
  throw new RestoreRefused(
    `The backup was taken at a migration this code does not know (${header.migration.tag ?? header.migration.createdAt}): it comes from another branch of the product.`,
  );
}

/** Refuses unless the target holds no rows and is not migrated past the backup. */
export async function refuseUnlessEmpty(db: Database | Transaction, header: BackupHeader, target: string): Promise<void> {
  const holding = await tablesHoldingRows(db);
  if (holding.length > 0) {
    throw new RestoreRefused(
      `${target} already holds data (${holding.join(', ')}). A restore goes only into an empty database, so that nothing is overwritten or mixed; nothing was changed. ` +
        'Restore into a new DATA_DIR, or a new PostgreSQL database (createdb), and point the server at it.',
    );
  }
  const level = await migrationLevel(db);
  if (level && level.createdAt > header.migration.createdAt) {
    throw new RestoreRefused(
      `${target} is empty but already migrated to ${level.tag ?? level.createdAt}, past the backup's ${header.migration.tag}; nothing was changed. ` +
        'Restore into a database no server has started on yet (a new DATA_DIR, or a new PostgreSQL database).',
    );
  }
}

const identifiers = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

async function insertRows(tx: Transaction, table: BackedUpTable, rows: string[]): Promise<void> {
  const json = `[${rows.join(',')}]`;
  // A column referring to the same table is set once every row of the table is in.
  const values = sql.join(
    table.columns.map((column) => (table.selfReferences.includes(column) ? sql`null` : sql.identifier(column))),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table.name)} (${identifiers(table.columns)}) select ${values} from json_populate_recordset(null::${sql.identifier(table.name)}, ${json}::json)`,
  );
  if (table.selfReferences.length > 0) await tx.execute(sql`insert into restore_self_references (batch) values (${json}::json)`);
}

async function setSelfReferences(tx: Transaction, table: BackedUpTable): Promise<void> {
  if (table.selfReferences.length === 0) return;
  const assignments = sql.join(
    table.selfReferences.map((column) => sql`${sql.identifier(column)} = r.${sql.identifier(column)}`),
    sql`, `,
  );
  const key = (alias: string) =>
    sql.join(
      table.primaryKey.map((column) => sql`${sql.raw(alias)}.${sql.identifier(column)}`),
      sql`, `,
    );
  await tx.execute(sql`update ${sql.identifier(table.name)} as t set ${assignments}
    from restore_self_references d cross join lateral json_populate_recordset(null::${sql.identifier(table.name)}, d.batch) r
    where (${key('t')}) = (${key('r')})`);
  await tx.execute(sql`truncate restore_self_references`);
}

/** Sequences behind serial columns continue after the restored values. */
async function resetSequences(tx: Transaction, tables: string[]): Promise<void> {
  const serials = rowsOf<{ table_name: string; column_name: string; sequence: string }>(
    await tx.execute(sql`select table_name, column_name, pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
      from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) is not null`),
  ).filter((serial) => tables.includes(serial.table_name));
  for (const serial of serials) {
    await tx.execute(
      sql`select setval(${serial.sequence}, coalesce((select max(${sql.identifier(serial.column_name)}) from ${sql.identifier(serial.table_name)}), 0) + 1, false)`,
    );
  }
}

/** The staff keys of the restore's environment: STAFF_SECRET_KEY, and PREVIOUS_STAFF_SECRET_KEY to open a backup that does not hold its key. */
export interface RestoreKeys {
  staffSecretKey: Buffer | null;
  previousStaffSecretKey: Buffer | null;
}

export interface Restored {
  /** Rows per table, as the backup's end line counts them. */
  rows: Record<string, number>;
  staffKey: RestoredStaffKey;
}

/** The second factors open with no key the restore has: what to give it. */
function unreadableRefusal(error: SecretsUnreadable): RestoreRefused {
  return new RestoreRefused(
    `${error.message} the restore has: the backup's generated staff key, PREVIOUS_STAFF_SECRET_KEY and STAFF_SECRET_KEY; nothing was restored. ` +
      'The backup does not hold the key its site was given: set PREVIOUS_STAFF_SECRET_KEY to that key (the STAFF_SECRET_KEY its servers ran with). ' +
      'If that key is lost, restore without STAFF_SECRET_KEY and reset those second factors (npm run staff -- reset-second-factor --email E).',
  );
}

/**
 * Migrates the target to the backup's level and inserts the backup's rows in one transaction.
 * Call refuseUnlessEmpty first: it is checked again here, under lock, before anything is inserted.
 */
export async function restoreBackup(
  db: Database,
  kind: 'pglite' | 'postgres',
  backup: BackupReader,
  target: string,
  keys: RestoreKeys = { staffSecretKey: null, previousStaffSecretKey: null },
): Promise<Restored> {
  await migrateTo(db, kind, backupMigrationTag(backup.header));
  const tables = await backedUpTables(db);
  const byName = new Map(tables.map((table) => [table.name, table]));

  return db.transaction(async (tx) => {
    // Nobody writes while the rows go in (a server starting meanwhile waits), and it is still empty.
    await tx.execute(sql`lock table ${identifiers(tables.map((t) => t.name))} in exclusive mode`);
    await refuseUnlessEmpty(tx, backup.header, target);
    await tx.execute(sql`create temporary table restore_self_references (batch json) on commit drop`);

    let table: BackedUpTable | null = null;
    let rows: string[] = [];
    let chars = 0;
    /** Rows of the current table inserted so far: a failed batch is named by its place in the table. */
    let inserted = 0;
    const flush = async () => {
      const into = table;
      if (into && rows.length > 0) {
        const batch = rows;
        const what = batch.length === 1 ? `row ${inserted + 1}` : `rows ${inserted + 1} to ${inserted + batch.length}`;
        await explained(into, what, () => insertRows(tx, into, batch));
        inserted += batch.length;
      }
      rows = [];
      chars = 0;
    };
    const finishTable = async () => {
      await flush();
      const done = table;
      if (done) await explained(done, `the references of its rows to each other (${done.selfReferences.join(', ')})`, () => setSelfReferences(tx, done));
      inserted = 0;
    };

    for await (const entry of backup.entries) {
      if (entry.kind === 'row') {
        rows.push(entry.json);
        chars += entry.json.length;
        if (rows.length >= ROWS_PER_INSERT || chars >= CHARS_PER_INSERT) await flush();
      } else if (entry.kind === 'table') {
        await finishTable();
        table = byName.get(entry.table.name) ?? null;
        if (!table || table.columns.join(',') !== entry.table.columns.join(',')) {
          throw new Error(
            `Table ${entry.table.name} of the backup is not in the schema migration ${backup.header.migration.tag} creates, or its columns differ: the source database had changes of its own, or the file was altered.`,
          );
        }
      } else {
        await finishTable();
        const missing = tables.filter((t) => !(t.name in entry.end.rows)).map((t) => t.name);
        if (missing.length > 0) throw new Error(`The backup has no rows for ${missing.join(', ')}: the backup file was altered.`);
        for (const [name, expected] of Object.entries(entry.end.rows)) {
          const [counted] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`));
          if (counted?.n !== expected)
            throw new Error(`Table ${name} holds ${counted?.n} rows after the restore, the backup ${expected}; nothing was restored.`);
        }
        await resetSequences(
          tx,
          tables.map((t) => t.name),
        );
        const staffKey = await sealRestoredSecrets(tx, keys).catch((error: unknown) => {
          throw error instanceof SecretsUnreadable ? unreadableRefusal(error) : error;
        });
        return { rows: entry.end.rows, staffKey };
      }
    }
    throw new Error('The backup ended without its end line.');
  });
}
