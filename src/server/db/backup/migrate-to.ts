// Migrates a database to one migration of the journal and no further: a restore puts the backup's
// rows into the schema they were taken from; the server applies the later migrations when it starts.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, type Database } from '../client.ts';

/** drizzle's migrator reads a folder: this one holds the journal up to `tag` and its SQL files. */
export async function migrateTo(db: Database, kind: 'pglite' | 'postgres', tag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`Migration ${tag} is not in this code's journal.`);
  const folder = mkdtempSync(path.join(tmpdir(), 'champions-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, last + 1);
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    if (kind === 'postgres') await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
    else await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
