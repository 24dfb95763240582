// Writes the whole database as one backup (format.ts) to a stream, consistent at one moment: one
// read-only REPEATABLE READ transaction (on PGlite, whose one connection the transaction holds,
// the server's other statements wait until it ends). Rows are read through a cursor a batch at a
// time and streamed through gzip, so memory stays bounded whatever the size of the database.
import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Transaction } from '../client.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type EndLine, type TableLine } from './format.ts';
import { backedUpTables, migrationLevel, type BackedUpTable } from './tables.ts';

/** Rows per fetch; a table with bytea (a file each row, up to megabytes) is read one row at a time. */
const ROWS_PER_FETCH = 500;
const ROWS_PER_FETCH_WITH_BYTES = 1;

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
}

export class NothingToBackUp extends Error {}

const line = (value: object) => `${JSON.stringify(value)}\n`;

async function* tableLines(tx: Transaction, table: BackedUpTable, count: (n: number) => void): AsyncGenerator<string> {
  yield line({ $: 'table', name: table.name, columns: table.columns } satisfies TableLine);
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${sql.identifier(table.name)}) r`,
  );
  const fetch = sql.raw(`fetch forward ${table.holdsBytes ? ROWS_PER_FETCH_WITH_BYTES : ROWS_PER_FETCH} from backup_rows`);
  for (;;) {
    const batch = rowsOf<{ line: string }>(await tx.execute(fetch));
    if (batch.length === 0) break;
    count(batch.length);
    yield `${batch.map((row) => row.line).join('\n')}\n`;
  }
  await tx.execute(sql`close backup_rows`);
}

/** Streams the backup, gzip'd, into destination (which it ends); resolves once all of it is written. */
export function writeBackup(db: Database, destination: Writable, now = new Date()): Promise<BackupSummary> {
  return db.transaction(
    async (tx) => {
      // Fixed here so that the file reads the same whatever the server's settings.
      await tx.execute(sql`set local bytea_output = 'hex'`);
      await tx.execute(sql`set local timezone = 'UTC'`);
      const migration = await migrationLevel(tx);
      if (!migration) throw new NothingToBackUp('The database was never migrated (no server has run on it): there is nothing to back up.');
      const [{ version } = { version: '' }] = rowsOf<{ version: string }>(await tx.execute(sql`select version() as version`));
      const header: BackupHeader = {
        $: 'header',
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        source: version.includes('PGlite') ? 'pglite' : 'postgres',
        serverVersion: version,
        migration,
      };
      const tables = await backedUpTables(tx);
      const rows: Record<string, number> = {};
      async function* lines(): AsyncGenerator<string> {
        // The end line carries the SHA-256 of every byte before it, as gzip receives them (UTF-8).
        const content = createHash('sha256');
        const hashed = (text: string) => (content.update(text), text);
        yield hashed(line(header));
        for (const table of tables) {
          rows[table.name] = 0;
          for await (const text of tableLines(tx, table, (n) => (rows[table.name]! += n))) yield hashed(text);
        }
        yield line({ $: 'end', rows, sha256: content.digest('hex') } satisfies EndLine);
      }
      await pipeline(Readable.from(lines()), createGzip(), destination);
      return { header, rows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
